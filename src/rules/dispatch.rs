//! The one place where a runtime game string becomes a rules type.

use super::spec::GameSpec;
use super::{Adi, Ajwa, Azigo, Bao, Cups, Giuti, Kalah, Kpo, Lela, Omweso, Oware, Rules, Woaley1};
use crate::core::WideBoard;

/// A job that can run on any game: `run` is instantiated once per rules type.
pub trait GameJob {
    /// What the job returns.
    type Output;
    /// Runs the job on the rules `rules`.
    fn run<R: Rules>(self, rules: R) -> Self::Output;
}

/// Runs `job` on the rules type that `spec` names.
pub fn dispatch<J: GameJob>(spec: &GameSpec, job: J) -> J::Output {
    match spec {
        // The packed board whenever the game fits it, the wide board otherwise.
        GameSpec::Kalah(k) if spec.fits_packed() => job.run(Kalah::new(k.clone())),
        GameSpec::Kalah(k) => job.run(Kalah::<WideBoard>::on_pits(k.clone())),
        GameSpec::Oware(o) if spec.fits_packed() => job.run(Oware::new(o.clone())),
        GameSpec::Oware(o) => job.run(Oware::<WideBoard>::on_pits(o.clone())),
        GameSpec::Woaley1(w) => job.run(Woaley1::new(w.clone())),
        GameSpec::Adi(a) => job.run(Adi::new(a.clone())),
        GameSpec::Giuti(g) => job.run(Giuti::new(g.clone())),
        GameSpec::Kpo(k) => job.run(Kpo::new(k.clone())),
        GameSpec::Cups(c) if spec.fits_packed() => job.run(Cups::new(c.clone())),
        GameSpec::Cups(c) => job.run(Cups::<WideBoard>::on_pits(c.clone())),
        GameSpec::Omweso(o) => job.run(Omweso::new(o.clone())),
        GameSpec::Bao(b) => job.run(Bao::new(b.clone())),
        GameSpec::Lela(l) => job.run(Lela::new(l.clone())),
        GameSpec::Ajwa(a) if spec.fits_packed() => job.run(Ajwa::new(a.clone())),
        GameSpec::Ajwa(a) => job.run(Ajwa::<WideBoard>::on_pits(a.clone())),
        GameSpec::Azigo(a) if spec.fits_packed() => job.run(Azigo::new(a.clone())),
        GameSpec::Azigo(a) => job.run(Azigo::<WideBoard>::on_pits(a.clone())),
    }
}
