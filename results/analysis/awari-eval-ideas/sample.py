import mancala, random, numpy as np, sys
g = mancala.Game('awari'); e = mancala.Egdb('/work/dbs/awari')
rng = random.Random(int(sys.argv[1])); N = int(sys.argv[2])
X = []; Y = []; S = []
while len(Y) < N:
    s = g.new_initial_state()
    eps = rng.choice([0.1, 0.3, 0.6])
    while not s.is_terminal():
        obs = np.array(s.observation_tensor())
        seeds = int(obs[0, :6].sum() + obs[1, :6].sum())
        if seeds <= 24 and rng.random() < 0.15:
            r = e.probe(s)
            X.append(obs[:, :6].copy()); Y.append(r['value'] - (obs[0,6]-obs[1,6])); S.append(seeds)
        acts = s.legal_actions()
        if rng.random() < eps:
            a = rng.choice(acts)
        else:
            best = None
            for a0 in acts:
                c = s.child(a0); m = -c.margin() if hasattr(c,'margin') else 0
                st = np.array(c.stores()) if True else None
                key = (c.stores()[s.current_player()] - c.stores()[1 - s.current_player()], rng.random())
                if best is None or key > best[0]: best = (key, a0)
            a = best[1]
        s.apply_action(a)
np.savez(sys.argv[3], X=np.array(X), Y=np.array(Y), S=np.array(S))
print(len(Y))
