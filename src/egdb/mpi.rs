//! Distributed builds and runs over MPI (cargo feature `mpi`, the `mpi` crate on the system's
//! MPI library): `mpirun -np N mancala egdb build GAME --max-seeds S --distributed`; the
//! point-to-point messages to process 0 serve distributed matches and tournaments too (the
//! jobs layer plays them).
//!
//! Each process (MPI rank) solves its range of each layer ([`super::cluster::Partition`]) and
//! maps every lower layer; parent updates cross between processes in rounds of all-to-all
//! exchange; the processes that write the files get the entries of the others piece by piece.
//! See [`super::build`] and `databases/README.md` ("Distributed builds").

use super::build::{build_on, BuildOptions, LayerReport};
use super::cluster::Cluster;
use super::{Egdb, EgdbError};
use crate::core::Progress;
use crate::rules::Rules;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use mpi::Count;
use std::path::Path;
use std::sync::atomic::{AtomicPtr, Ordering::SeqCst};
use std::sync::Mutex;

/// The processes of an MPI job, for a distributed build. MPI is started once per program
/// ([`MpiProcesses::init`]) and finished when this is dropped.
pub struct MpiProcesses {
    world: SimpleCommunicator,
    /// Held through every MPI call: one thread at a time calls MPI.
    calls: Mutex<()>,
    // Dropped last: finishes MPI.
    _universe: Universe,
}

// SAFETY: MPI runs at the `Serialized` thread level (checked in `init`): any thread may call
// it, one at a time, which `calls` ensures; the communicator is a handle MPI may use from any
// thread at that level.
unsafe impl Sync for MpiProcesses {}
unsafe impl Send for MpiProcesses {}

impl MpiProcesses {
    /// Starts MPI (the processes are those `mpirun` started; a program started without
    /// `mpirun` is a job of one process).
    ///
    /// # Errors
    /// Why not, in words: MPI was started before in this program, or the MPI library does not
    /// let any thread call it (one at a time: the `MPI_THREAD_SERIALIZED` level).
    pub fn init() -> Result<MpiProcesses, String> {
        // The build's driver runs on a worker of its thread pool: any thread, one at a time.
        let (universe, level) = mpi::initialize_with_threading(mpi::Threading::Serialized)
            .ok_or("MPI was already started in this program")?;
        if level < mpi::Threading::Serialized {
            return Err(format!(
                "the MPI library gives thread level {level:?}; a distributed build needs \
                 Serialized (MPI_THREAD_SERIALIZED) or more"
            ));
        }
        // mpirun stops the other processes with SIGTERM when one fails: they say where the
        // build stood.
        // SAFETY: the handler only reads a note that is never freed, writes it and exits.
        unsafe {
            libc::signal(libc::SIGTERM, on_sigterm as *const () as libc::sighandler_t);
        }
        Ok(MpiProcesses {
            world: universe.world(),
            calls: Mutex::new(()),
            _universe: universe,
        })
    }

    /// Holds the MPI lock.
    fn lock(&self) -> std::sync::MutexGuard<'_, ()> {
        self.calls.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// This process's number (MPI rank), `0..processes()`.
    pub fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    /// Processes in the job.
    pub fn processes(&self) -> usize {
        self.world.size() as usize
    }

    /// [`super::build`] on the processes of the job: every process calls it with the same
    /// arguments, and each gets the database open. `progress` and `report` hear of every layer
    /// on every process (give process 0 alone a progress that prints).
    ///
    /// # Errors
    /// As [`super::build`]. A process that fails returns its error while the others may be
    /// waiting for it: the caller must then stop the job with [`MpiProcesses::abort`].
    pub fn build<R: Rules>(
        &self,
        rules: &R,
        dir: &Path,
        options: &BuildOptions,
        progress: &dyn Progress,
        report: impl FnMut(&LayerReport),
    ) -> Result<Egdb, EgdbError> {
        build_on(rules, dir, options, progress, report, self)
    }

    /// Stops every process of the job (`MPI_Abort`; `mpirun` exits with a failure): prints
    /// `message` on standard error first.
    pub fn abort(&self, message: &str, code: i32) -> ! {
        eprintln!("{message}");
        let _lock = self.lock();
        self.world.abort(code)
    }
}

/// What a process stopped by SIGTERM writes on standard error (leaked: never freed, so that
/// the handler may read it at any time).
static STOP_NOTE: AtomicPtr<Vec<u8>> = AtomicPtr::new(std::ptr::null_mut());

/// SIGTERM: writes [`STOP_NOTE`] and exits with status 143 (128 + 15), as the signal would.
extern "C" fn on_sigterm(_: libc::c_int) {
    let note = STOP_NOTE.load(SeqCst);
    // SAFETY: a note, once stored, is never freed; `write` and `_exit` are async-signal-safe.
    unsafe {
        if let Some(note) = note.as_ref() {
            libc::write(2, note.as_ptr().cast(), note.len());
        }
        libc::_exit(143);
    }
}

/// Counts and displacements of `counts` for MPI.
fn layout(counts: impl Iterator<Item = usize>) -> (Vec<Count>, Vec<Count>) {
    let counts: Vec<Count> = counts
        .map(|c| Count::try_from(c).expect("a message of fewer than 2^31 elements"))
        .collect();
    let displs = counts
        .iter()
        .scan(0 as Count, |at, &c| {
            let d = *at;
            *at += c;
            Some(d)
        })
        .collect();
    (counts, displs)
}

/// Tag of a message to process 0 holding bytes ([`MpiProcesses::send_to_first`]).
const BYTES: mpi::Tag = 1;
/// Tag of the message that a process has sent its last bytes to process 0.
const LAST: mpi::Tag = 2;

impl MpiProcesses {
    /// Every process gets process 0's `words` (the others' are not read). Collective.
    pub fn share_from_first(&self, words: &[u64]) -> Vec<u64> {
        let mine = if MpiProcesses::rank(self) == 0 {
            words.iter().flat_map(|w| w.to_le_bytes()).collect()
        } else {
            Vec::new()
        };
        self.all_gather_bytes(&mine)[0]
            .chunks(8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("whole words")))
            .collect()
    }

    /// Sends `bytes` to process 0 (from any thread, one at a time); `None`: this process sends
    /// no more.
    pub fn send_to_first(&self, bytes: Option<&[u8]>) {
        let _lock = self.lock();
        let first = self.world.process_at_rank(0);
        match bytes {
            Some(bytes) => first.send_with_tag(bytes, BYTES),
            None => first.send_with_tag(&[0u8][..], LAST),
        }
    }

    /// Process 0: the next message another process sent with
    /// [`MpiProcesses::send_to_first`] (`None`: it sends no more), and which process sent it.
    pub fn receive_any(&self) -> (usize, Option<Vec<u8>>) {
        let _lock = self.lock();
        let (bytes, status) = self.world.any_process().receive_vec::<u8>();
        let from = status.source_rank() as usize;
        (from, (status.tag() == BYTES).then_some(bytes))
    }
}

impl Cluster for MpiProcesses {
    fn rank(&self) -> usize {
        MpiProcesses::rank(self)
    }

    fn ranks(&self) -> usize {
        self.processes()
    }

    fn all_gather(&self, mine: &[u64]) -> Vec<u64> {
        let mut all = vec![0u64; mine.len() * self.processes()];
        let _lock = self.lock();
        self.world.all_gather_into(mine, &mut all[..]);
        all
    }

    fn all_to_all(&self, out: Vec<Vec<u64>>) -> (Vec<u64>, Vec<usize>) {
        let (send_counts, send_displs) = layout(out.iter().map(Vec::len));
        // One message, the buckets freed as soon as they are in it.
        let send: Vec<u64> = out.concat();
        drop(out);
        let _lock = self.lock();
        let mut recv_counts = vec![0 as Count; self.processes()];
        self.world
            .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
        let counts: Vec<usize> = recv_counts.iter().map(|&c| c as usize).collect();
        let (recv_counts, recv_displs) = layout(counts.iter().copied());
        let mut recv = vec![0u64; counts.iter().sum()];
        self.world.all_to_all_varcount_into(
            &Partition::new(&send[..], send_counts, send_displs),
            &mut PartitionMut::new(&mut recv[..], recv_counts, recv_displs),
        );
        (recv, counts)
    }

    fn gather_bytes(&self, root: usize, mine: &[u8], counts: &[usize], into: &mut [u8]) {
        // An empty slice's address may be 1, which Open MPI reads as `MPI_IN_PLACE`.
        static NOTHING: [u8; 1] = [0];
        let mine = if mine.is_empty() { &NOTHING[..0] } else { mine };
        let _lock = self.lock();
        let process = self.world.process_at_rank(root as mpi::Rank);
        if root == MpiProcesses::rank(self) {
            let (counts, displs) = layout(counts.iter().copied());
            process.gather_varcount_into_root(mine, &mut PartitionMut::new(into, counts, displs));
        } else {
            process.gather_varcount_into(mine);
        }
    }

    fn barrier(&self) {
        let _lock = self.lock();
        self.world.barrier();
    }

    fn building(&self, game: &str, layer: u32) {
        let note = format!(
            "process {} of {}: stopped (SIGTERM: another process failed, or the job was \
             cancelled) while building layer {layer} of {game}: run the same command again to \
             resume (complete layers are kept; layer {layer} resumes from the processes' \
             checkpoints if each has one at the same stage, else starts afresh)\n",
            MpiProcesses::rank(self),
            self.processes()
        );
        // The note before is leaked: the handler may be reading it.
        STOP_NOTE.store(Box::into_raw(Box::new(note.into_bytes())), SeqCst);
    }
}
