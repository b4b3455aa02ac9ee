import numpy as np, sys
d = np.load(sys.argv[1]); X = d['X'].astype(float); Y = d['Y'].astype(float); S = d['S']
lo, hi = 10, 24
k = (S >= lo) & (S <= hi); X, Y, S = X[k], Y[k], S[k]
m = 6
def base(X):
    a, b = X[:, 0], X[:, 1]
    F = [np.ones(len(X))]
    cols = [[] for _ in range(14)]
    for row, (own, oth) in enumerate([(a, b), (b, a)]):
        f = np.zeros((len(X), 7))
        for i in range(m):
            s = own[:, i]; ts = m - i
            f[:, 0] += s; f[:, 1] += s > 0; f[:, 2] += s == ts; f[:, 3] += s >= ts
            f[:, 4] += np.where(oth[:, m-1-i] == 0, s, 0); f[:, 5] += (s == 1) | (s == 2); f[:, 6] += s >= 2*m
        for j in range(7): cols[2*j+row] = f[:, j]
    return np.column_stack(F + cols)
def onehot(X, K=12):
    cols = []
    for row in range(2):
        for i in range(m):
            s = np.minimum(X[:, row, i], K)
            for c in range(K + 1): cols.append((s == c).astype(float))
    return np.column_stack(cols)
def pairs(X, K=5):
    # adjacent pairs within a row, counts capped at K
    cols = []
    for row in range(2):
        for i in range(m - 1):
            s = np.minimum(X[:, row, i], K) * (K + 1) + np.minimum(X[:, row, i + 1], K)
            for c in range((K + 1) ** 2): cols.append((s == c).astype(float))
    return np.column_stack(cols)
def facing(X, K=5):
    cols = []
    for i in range(m):
        s = np.minimum(X[:, 0, i], K) * (K + 1) + np.minimum(X[:, 1, m - 1 - i], K)
        for c in range((K + 1) ** 2): cols.append((s == c).astype(float))
    return np.column_stack(cols)
rng = np.random.default_rng(0)
test = np.arange(len(Y)) % 5 == 0
def ev(name, F, lam=1e-3):
    A = F[~test]; w = np.linalg.solve(A.T @ A + lam * np.eye(F.shape[1]), A.T @ Y[~test])
    r = F[test] @ w - Y[test]
    tr = A @ w - Y[~test]
    print(f"{name:30s} nf={F.shape[1]:4d} train RMSE {np.sqrt((tr**2).mean()):.3f} test RMSE {np.sqrt((r**2).mean()):.3f} MAE {np.abs(r).mean():.3f}  15-24: {np.sqrt((r[S[test]>=15]**2).mean()):.3f}")
    return w
print("n", len(Y), "zero-pred RMSE", np.sqrt((Y[test]**2).mean()))
B = base(X); ev("base15", B)
O = onehot(X); ev("onehot", np.column_stack([B, O]))
P = pairs(X); ev("base+onehot+pairs", np.column_stack([B, O, P]))
Fa = facing(X); ev("base+onehot+pairs+facing", np.column_stack([B, O, P, Fa]))
ph = ((S - lo) / (hi - lo))[:, None]
F = np.column_stack([B, O]); ev("base+onehot, tapered", np.column_stack([F, F * ph]))
