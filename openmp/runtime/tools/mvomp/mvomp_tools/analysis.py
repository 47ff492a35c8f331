"""What a run learned, from its statistics: each key's choice, the regret of its selection, the
versions still uncertain, and how two runs differ (docs/tools.md says how each number is made).
"""
import math
from collections import OrderedDict

from .files import Arm


def key_label(key):
    t, cost, locality, cluster = key
    label = f"type {t}, cost {cost}"
    if locality >= 0:
        label += f", locality {locality}"
    if cluster:
        label += f", cluster {cluster}"
    return label


def lowest_mean(arms):
    ran = [a for a in arms if a.n > 0]
    return min(ran, key=lambda a: a.mean) if ran else None


# The runtime's elimination ratio (KMP_MV_ELIM_RATIO, kmp_versions_policy.h).
ELIM_RATIO = 4.0


def choice(arms, policy, mean_reps=5, ucb_k=16.0, eliminate=True):
    """(arm, why) the policy would choose now among arms (a list of Arm), as the runtime does
    (docs/runtime.md): Mean explores each version mean_reps times in order, then takes the lowest
    mean; UCB explores each version twice, then takes the lowest bound mean - sqrt(k s^2 ln(t-1)
    / n); with elimination (OMP_SELECT_ELIMINATE, the default) a version that has run and whose
    mean is over ELIM_RATIO times the lowest mean of those that have run explores no more; the
    random policies (gb, ts, random) have no single choice: the lowest mean is shown."""
    if not arms:
        return None, "no version"
    best = lowest_mean(arms)

    def exploring(a, quota):
        eliminated = eliminate and a.n > 0 and best is not None and \
            a.mean > ELIM_RATIO * best.mean
        return a.n < quota and not eliminated

    if policy in ("mean", "fixed"):
        for a in arms:
            if exploring(a, mean_reps):
                return a, f"exploring ({a.n} of {mean_reps} executions)"
        return best, "lowest mean"
    if policy == "ucb":
        for a in arms:
            if exploring(a, 2):
                return a, f"exploring ({a.n} of 2 executions)"
        t = sum(a.n for a in arms)
        c = math.sqrt(ucb_k * math.log(t - 1)) if t > 1 else 0.0
        ran = [a for a in arms if a.n >= 2]
        if not ran:
            return best, "lowest mean (no version has the 2 executions UCB needs)"
        return min(ran, key=lambda a: a.mean - c * a.stddev / math.sqrt(a.n)), \
            "lowest UCB bound"
    return best, f"lowest mean ({policy} chooses at random)"


def summary(key, arms, mean_reps=5, ucb_k=16.0, eliminate=True):
    """A dictionary of one key's statistics, for show's table, CSV and JSON."""
    arms = list(arms.values())
    policy = next((a.policy for a in arms if a.policy), "mean")
    chosen, why = choice(arms, policy, mean_reps, ucb_k, eliminate)
    return {
        "type": key[0], "cost": key[1], "locality": key[2], "cluster": key[3],
        "policy": policy,
        "choice": chosen.name if chosen else None, "why": why,
        "versions": [{
            "version": a.version, "name": a.name, "count": a.n, "mean_ns": a.mean,
            "stddev_ns": a.stddev,
            "ci95_ns": None if math.isinf(a.ci95()) else a.ci95(),
        } for a in arms],
    }


def report(key, arms):
    """Selection quality of one key: time spent against always running the best-measured
    version (regret), the share spent on other versions (exploration), and the versions whose
    95% intervals overlap the best's (the choice is still uncertain)."""
    arms = [a for a in arms.values() if a.n > 0]
    best = lowest_mean(arms)
    if best is None:
        return None
    # This run's executions only: count less what an earlier run measured (the model store,
    # OMP_SELECT_LOAD; stats.csv's loaded column).
    ran = {id(a): a.n - a.loaded for a in arms}
    total = sum(ran[id(a)] * a.mean for a in arms)
    executions = sum(ran.values())
    regret = sum(ran[id(a)] * (a.mean - best.mean) for a in arms)
    explored = sum(ran[id(a)] * a.mean for a in arms if a is not best)
    uncertain = [a.name for a in arms if a is not best and
                 (a.mean - a.ci95()) <= (best.mean + best.ci95())]
    return {
        "type": key[0], "cost": key[1], "locality": key[2], "cluster": key[3],
        "executions": executions, "best": best.name, "best_mean_ns": best.mean,
        "time_s": total * 1e-9, "regret_s": regret * 1e-9,
        "regret_pct": 100.0 * regret / total if total > 0 else 0.0,
        "exploring_pct": 100.0 * explored / total if total > 0 else 0.0,
        "uncertain": uncertain,
    }


def merge(files_keys):
    """The exact statistics of several runs' executions together: counts added, means and
    Welford sums of squares merged (not averaged). files_keys: a list of read_stats results."""
    out = OrderedDict()
    for keys in files_keys:
        for key, arms in keys.items():
            into = out.setdefault(key, OrderedDict())
            for name, arm in arms.items():
                into[name] = into[name].merged(arm) if name in into else Arm(
                    arm.version, arm.name, arm.location, arm.n, arm.mean, arm.m2, arm.q,
                    arm.policy, loaded=arm.loaded, origin=arm.origin)
    return out


def most_run(arms):
    ran = [a for a in arms.values() if a.n > 0]
    return max(ran, key=lambda a: a.n) if ran else None


def diff(a_keys, b_keys):
    """Per key of either run: the version each settled on (the most executed) and how each
    version's mean time moved (B / A)."""
    out = []
    for key in list(a_keys) + [k for k in b_keys if k not in a_keys]:
        a, b = a_keys.get(key, OrderedDict()), b_keys.get(key, OrderedDict())
        ca, cb = most_run(a), most_run(b)
        moves = []
        for name in list(a) + [n for n in b if n not in a]:
            ma = a[name].mean if name in a and a[name].n else None
            mb = b[name].mean if name in b and b[name].n else None
            moves.append({"name": name, "a_mean_ns": ma, "b_mean_ns": mb,
                          "ratio": mb / ma if ma and mb else None})
        out.append({
            "type": key[0], "cost": key[1], "locality": key[2], "cluster": key[3],
            "a_choice": ca.name if ca else None, "b_choice": cb.name if cb else None,
            "changed": (ca.name if ca else None) != (cb.name if cb else None),
            "versions": moves,
        })
    return out
