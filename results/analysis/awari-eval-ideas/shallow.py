import mancala, random, numpy as np, sys
sys.path.insert(0, '.')
exec(open('./fit.py').read().split("rng = np.random")[0].replace("d = np.load(sys.argv[1])", "d = np.load('a.npz')"))
def fitw(fn):
    F = fn(X); return np.linalg.solve(F.T @ F + 1e-3*np.eye(F.shape[1]), F.T @ Y)
models = {
 'base15': (lambda Z: base(Z)),
 'big': (lambda Z: np.column_stack([base(Z), onehot(Z), pairs(Z), facing(Z)])),
}
W = {k: fitw(f) for k, f in models.items()}
g = mancala.Game('awari'); e = mancala.Egdb('/work/dbs/awari')
rng = random.Random(7)
pos = []
while len(pos) < 1500:
    s = g.new_initial_state()
    while not s.is_terminal():
        obs = np.array(s.observation_tensor()); seeds = int(obs[:, :6].sum())
        if 15 <= seeds <= 24 and rng.random() < 0.2 and len(s.legal_actions()) > 1: pos.append(s.clone())
        acts = s.legal_actions()
        best = max(acts, key=lambda a0: (s.child(a0).stores()[s.current_player()] - s.child(a0).stores()[1-s.current_player()], rng.random()))
        s.apply_action(best if rng.random() > 0.2 else rng.choice(acts))
def value(st, name, depth):
    # negamax value from st's mover, seeds: stores diff + eval
    if st.is_terminal():
        r = st.returns(); p = st.current_player()
        return None
    obs = np.array(st.observation_tensor())
    if depth == 0:
        f = models[name](obs[None, :, :6])
        return obs[0, 6] - obs[1, 6] + float((f @ W[name])[0])
    best = -1e9
    for a in st.legal_actions():
        c = st.child(a)
        if c.is_terminal():
            st_ = c.stores(); p = st.current_player()
            v = st_[p] - st_[1-p]
        else:
            v = -value(c, name, depth-1)
        best = max(best, v)
    return best
for depth in [0, 1, 2]:
    for name in models:
        ok = 0; loss = 0
        for st in pos:
            r = e.probe(st); vals = {m['move']: m['value'] for m in r['moves']}
            bestv = max(vals.values())
            p = st.current_player()
            def mv(a):
                c = st.child(a)
                if c.is_terminal():
                    s_ = c.stores(); return s_[p] - s_[1-p]
                return -value(c, name, depth)
            a = max(st.legal_actions(), key=mv)
            v = vals[st.action_to_string(a)] if st.action_to_string(a) in vals else None
            if v is None: print('?', st.action_to_string(a), list(vals)); break
            ok += v == bestv; loss += bestv - v
        print(depth + 1, name, ok / len(pos), loss / len(pos), flush=True)
