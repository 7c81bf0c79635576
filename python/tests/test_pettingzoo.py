"""PettingZoo's own API and seed tests on every configuration the Go
conformance suite plays, and the AEC env's own behaviour."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import moongym
from moongym.pettingzoo import MoongymAECEnv, env

from conftest import CONFIGS, config_id, random_legal

# PettingZoo warns about every dict observation of an env not in its own
# list of classic games; the dict with an action mask is the documented form.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def test_configs_cover_every_game():
    assert {name for name, _ in CONFIGS} == set(moongym.game_names())
    assert set(moongym.game_names()) >= {"tictactoe", "planet-cubes", "lunar-rally", "walking-moon", "welcome-moon", "march-mars"}


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_api(cfg):
    name, params = cfg
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, **params), num_cycles=200)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]
    assert not unexpected


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_seed(cfg):
    name, params = cfg
    seed_test(lambda: env(name, **params), num_cycles=200)


def play(e: MoongymAECEnv, seed: int, rng: np.random.Generator):
    """Plays an episode with random legal actions; returns the per-agent
    reward totals, the observations seen and the number of steps."""
    e.reset(seed=seed)
    totals = {a: 0.0 for a in e.possible_agents}
    seen = []
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        seen.append(obs["observation"].copy())
        e.step(random_legal(obs["action_mask"], rng))
        steps += 1
    return totals, seen, steps


@pytest.mark.parametrize("name", ["tictactoe", "lunar-rally", "walking-moon", "planet-cubes", "welcome-moon"])
def test_full_episodes_rewards_add_up(name, rng):
    e = env(name)
    for seed in range(3):
        totals, _, steps = play(e, seed, rng)
        assert steps > 0
        # Every agent saw the game end; rewards are within the utility bounds.
        assert e.agents == []
        for r in totals.values():
            assert e.game_info.min_utility - 1e-9 <= r <= e.game_info.max_utility + 1e-9


def test_same_seed_same_episode(rng):
    a = play(env("lunar-rally", players=3), 7, np.random.default_rng(1))
    b = play(env("lunar-rally", players=3), 7, np.random.default_rng(1))
    assert a[0] == b[0] and a[2] == b[2]
    assert all(np.array_equal(x, y) for x, y in zip(a[1], b[1]))
    c = play(env("lunar-rally", players=3), 8, np.random.default_rng(1))
    assert not (c[2] == a[2] and all(np.array_equal(x, y) for x, y in zip(a[1], c[1])))


def test_issue_example_and_layout():
    e = env("lunar-rally", players=3, scenario="blue")
    e.reset(seed=0)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert e.game_info.params["scenario"] == "blue"
    obs, *_ = e.last()
    space = e.observation_space("player_0")
    assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert obs["observation"].shape == space["observation"].shape == e.game_info.shape
    assert obs["action_mask"].shape == (e.action_space("player_0").n,)
    # Only the agent to act has legal actions.
    for a in e.agents:
        mask = e.observe(a)["action_mask"]
        assert mask.any() == (a == e.agent_selection)


def test_tictactoe_known_game():
    e = env("tictactoe", render_mode="ansi")
    e.reset(seed=0)
    for a in [0, 3, 1, 4, 2]:  # X: a1 b1 c1 wins
        e.step(a)
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert "X" in e.render()
    obs, reward, term, trunc, _ = e.last()
    assert term and not trunc and not obs["action_mask"].any()


def test_truncation():
    e = env("tictactoe", max_steps=2)
    e.reset(seed=0)
    e.step(0)
    e.step(1)
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_render_without_mode_returns_none():
    e = env("tictactoe")
    e.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert e.render() is None


def test_observations_are_fresh_arrays():
    e = env("tictactoe")
    e.reset(seed=0)
    first = e.observe("player_0")["observation"]
    before = first.copy()
    e.step(4)
    assert np.array_equal(first, before), "an earlier observation changed after a step"
    assert not np.array_equal(e.observe("player_0")["observation"], before)


def test_action_name_and_scores():
    e = env("tictactoe")
    e.reset(seed=0)
    assert e.action_name(0) == "a1"
    assert e.scores() == {"player_0": 0.0, "player_1": 0.0}


def test_observations_stay_fresh_across_record_blocks(rng):
    # Observations are rows of blocks of step records that are reused once
    # no row of them is referenced: every array handed out keeps its values
    # however many steps follow (here several blocks' worth), and no two
    # live arrays share memory.
    e = env("tictactoe")
    kept, copies = [], []
    e.reset(seed=3)
    for _ in range(150):
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            other = e.observe(e.possible_agents[1 - e.possible_agents.index(agent)])
            for o in (obs, other):
                kept += [o["observation"], o["action_mask"]]
                copies += [o["observation"].copy(), o["action_mask"].copy()]
            e.step(None if term or trunc else random_legal(obs["action_mask"], rng))
        e.reset()
    assert len(kept) > 4 * e._core._records.rows
    assert all(np.array_equal(k, c) for k, c in zip(kept, copies))
    assert len({k.ctypes.data for k in kept}) == len(kept)


def test_episode_seeds_are_the_generators_draws_one_by_one():
    # reset() draws its episode seeds 64 at a time; they are the numbers
    # that one draw per reset gives, so the same seed gives the same games
    # as before the batching.
    from gymnasium.utils import seeding

    e = env("tictactoe")
    seen = []
    reset = e._core.reset
    e._core.reset = lambda seed, agent_seed=None: seen.append(seed) or reset(seed, agent_seed)
    e.reset(seed=11)
    for _ in range(70):
        e.reset()
    e.reset(seed=12)
    e.reset()
    want = []
    for seed, n in ((11, 71), (12, 2)):
        g, _ = seeding.np_random(seed)
        want += [int(g.integers(2**63)) for _ in range(n)]
    assert seen == want


def test_agent_iter_matches_pettingzoos():
    from pettingzoo.utils.env import AECIterable

    def agents(make_iter, max_iter):
        e = env("tictactoe")
        e.reset(seed=0)
        out = []
        for agent in make_iter(e, max_iter):
            out.append(agent)
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(obs["action_mask"].argmax()))
        return out

    for max_iter in (0, 1, 4, 2**63):
        ours = agents(lambda e, n: e.agent_iter(n), max_iter)
        assert ours == agents(AECIterable, max_iter)
    assert len(ours) == 9  # seven moves (X wins on c1-b2-a3) and the two steps with None after the end
    e = env("tictactoe")
    e.reset(seed=0)
    assert e.last(observe=False)[0] is None


def test_end_of_game_observations_one_call_each():
    # The step that ends a game writes the mover's observation; observing
    # the other seat first (the loop's first None step) keeps it pending,
    # so the mover's comes without a call into Go, once; a second look is
    # a new array from a new call.
    e = env("tictactoe")
    e.reset(seed=0)
    for a in [0, 3, 1, 4, 2]:  # X (player_0) wins
        e.step(a)
    calls = []
    observe_new = e._core._observe_new
    e._core._observe_new = lambda seat, pending: calls.append(seat) or observe_new(seat, pending)
    o = e.observe("player_1")
    x1 = e.observe("player_0")
    assert calls == [1]
    x2 = e.observe("player_0")
    assert calls == [1, 0]
    assert np.array_equal(x1["observation"], x2["observation"]) and x1["observation"].ctypes.data != x2["observation"].ctypes.data
    assert not np.array_equal(o["observation"], x1["observation"])  # each seat's own view
    assert not x1["action_mask"].any() and not o["action_mask"].any()


def _state(e: MoongymAECEnv) -> tuple:
    return (
        list(e.agents),
        e.agent_selection,
        e._skip_agent_selection,
        dict(e.rewards),
        {a: type(r) for a, r in e.rewards.items()},
        dict(e._cumulative_rewards),
        dict(e.terminations),
        dict(e.truncations),
        dict(e.infos),
    )


def test_rewards_are_a_plain_dict_made_when_read():
    # env.rewards is a property: a real dict, made from the last step's
    # record when first read after a step, then kept until the next step.
    e = env("tictactoe")
    e.reset(seed=0)
    r0 = e.rewards
    assert type(r0) is dict and r0 == {"player_0": 0.0, "player_1": 0.0}
    assert e.rewards is r0  # kept until the next step
    assert list(r0) == list(r0.keys()) == e.possible_agents and r0.copy() == r0
    assert repr(r0) == "{'player_0': 0.0, 'player_1': 0.0}"
    e.step(0)
    r1 = e.rewards
    assert r1 is not r0 and r1 == r0  # a new dict per step
    r1["player_0"] = 5.0  # the user's changes stay until the next step, as in PettingZoo
    assert e.rewards["player_0"] == 5.0
    for a in [3, 1, 4, 2]:  # X wins
        e.step(a)
    assert r1 == {"player_0": 5.0, "player_1": 0.0}, "a dict read after an earlier step changed"
    end = e.rewards
    assert end == {"player_0": 1.0, "player_1": -1.0}
    # The dead agents' steps with None change the dict read after the last
    # step in place, as AECEnv._was_dead_step does (del, then zeros).
    e.step(None)
    assert end == {"player_0": 0} and e.rewards is end
    e.step(None)
    assert end == {} and e.rewards == {}
    e.reset()
    for a in [0, 3, 1, 4, 2]:
        e.step(a)
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(0)  # a dead agent's action: refused, nothing changed
    assert e.agents == e.possible_agents and e.rewards == {"player_0": 1.0, "player_1": -1.0}
    e.rewards = {"x": 1.0}  # assignable, as an attribute
    assert e.rewards == {"x": 1.0}
    e.reset()
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize("read_rewards", [False, True])
@pytest.mark.parametrize("name,params", [("tictactoe", {}), ("lunar-rally", {"players": 3}), ("tictactoe", {"max_steps": 3})])
def test_dead_steps_match_aecenvs(name, params, read_rewards):
    # MoongymAECEnv._was_dead_step is AECEnv._was_dead_step without making
    # the rewards dict: the same state after every step with None, whether
    # or not the rewards were read before, and for the truncated episodes too.
    from pettingzoo import AECEnv

    ours, ref = env(name, **params), env(name, **params)
    for seed in range(3):
        rng_a, rng_b = np.random.default_rng(seed), np.random.default_rng(seed)
        ours.reset(seed=seed)
        ref.reset(seed=seed)
        while ours.agents:
            obs_a, rew_a, term_a, trunc_a, _ = ours.last()
            obs_b, rew_b, term_b, trunc_b, _ = ref.last()
            assert (rew_a, term_a, trunc_a) == (rew_b, term_b, trunc_b)
            assert np.array_equal(obs_a["observation"], obs_b["observation"])
            if read_rewards:
                ours.rewards
            if term_a or trunc_a:
                ours.step(None)
                AECEnv._was_dead_step(ref, None)
            else:
                ours.step(random_legal(obs_a["action_mask"], rng_a))
                ref.step(random_legal(obs_b["action_mask"], rng_b))
            assert _state(ours) == _state(ref)
        assert ref.agents == [] and ref.agent_selection == ours.agent_selection


def test_rewards_match_the_records_every_step():
    # Rewards read after every step (made from the record) add up to the
    # cumulative rewards that last() returns, on a game with rewards
    # during the episode as on one with rewards at the end only.
    for name, params in (("lunar-rally", {"players": 3}), ("tictactoe", {})):
        e = env(name, **params)
        rng = np.random.default_rng(5)
        for seed in range(2):
            e.reset(seed=seed)
            acc = dict.fromkeys(e.possible_agents, 0.0)
            for agent in e.agent_iter():
                obs, rew, term, trunc, _ = e.last()
                assert rew == acc[agent]
                acc[agent] = 0.0
                e.step(None if term or trunc else random_legal(obs["action_mask"], rng))
                assert set(e.rewards) == set(e.agents)
                for a, r in e.rewards.items():
                    acc[a] += r


def test_records_taken_by_threads_are_distinct():
    # Records are taken without a lock (next() of a list iterator is atomic
    # with the GIL; a change of block takes the records' lock): several
    # threads taking records of one environment, across many blocks, never
    # get the same memory while they hold it, and Go serializes their calls.
    import threading

    from moongym import core

    c = core.Env("tictactoe")
    rec = c._records
    held: list[list[tuple]] = [[] for _ in range(4)]
    errors = []

    def worker(k: int) -> None:
        try:
            for _ in range(3 * rec.rows):
                held[k].append(rec.take_record())
                if len(held[k]) > 50:
                    held[k].pop(0)
                c.reset(k)  # a record too, from the same iterator
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    addresses = [r[0].value for h in held for r in h]
    assert len(set(addresses)) == len(addresses)
    obs = [r[3] for h in held for r in h]
    assert len({o.ctypes.data for o in obs}) == len(obs)


def test_terminate_illegal_wrapper():
    # PettingZoo's TerminateIllegalWrapper sets the unwrapped env's rewards,
    # terminations and truncations and calls its _was_dead_step: the lazy
    # rewards take the assigned dict, and the episode ends as PettingZoo's
    # own helpers end it.
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    e = TerminateIllegalWrapper(env("tictactoe"), illegal_reward=-1)
    e.reset(seed=0)
    e.step(4)
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for agent in e.agent_iter():
            obs, rew, term, trunc, _ = e.last()
            seen.append((agent, rew, term, trunc))
            e.step(None if term or trunc else 4)  # player_1 plays the taken b2
    # (what the commit before the lazy rewards gives too)
    assert seen == [
        ("player_1", 0.0, False, False),
        ("player_0", 0.0, True, True),
        ("player_1", -1.0, True, True),
    ]
    assert e.unwrapped.rewards == {} and e.unwrapped.agents == []


def seat_to_act(e) -> int | None:
    """The seat Go says is to act (its mask is the only non-zero one), read
    into buffers of the test's own so that nothing pending is taken."""
    c = e.unwrapped._core
    obs, mask = np.empty(c.info.shape, dtype=np.float32), np.empty(c.info.num_actions, dtype=np.int8)
    for seat in range(c.info.num_players):
        c.observe(seat, obs, mask)
        if mask.any():
            return seat
    return None


def test_one_env_shared_by_two_threads_is_detected():
    # A step (or reset) while another thread is inside one raises
    # ConcurrentUseError and changes nothing, so that agent_selection and
    # the rest always match the game in Go. The first thread's call is
    # slowed (a sleep after its call into Go, where a thread waits for the
    # GIL) so that the second one comes while it is inside.
    import threading
    import time

    e = env("tictactoe")
    e.reset(seed=0)
    real = e._step_head
    inside = threading.Event()

    def slow_step_head(action):
        head = real(action)
        inside.set()
        time.sleep(0.2)
        return head

    e._step_head = slow_step_head
    errors: list[Exception] = []
    first = threading.Thread(target=lambda: e.step(0))
    first.start()
    assert inside.wait(10)
    for call in (lambda: e.step(1), lambda: e.reset(seed=1)):
        try:
            call()
        except Exception as err:
            errors.append(err)
    first.join()
    assert [type(err) for err in errors] == [moongym.ConcurrentUseError] * 2
    assert "another thread" in str(errors[0]) and "nothing changed" in str(errors[0])
    # Only the first step happened, and the Python side follows it.
    assert json.loads(e.unwrapped._core.state_json()) == json.loads(_after([0]).unwrapped._core.state_json())
    assert e.agent_selection == "player_1" == e.possible_agents[seat_to_act(e)]
    e._step_head = real
    e.step(1)  # alone again: it goes through
    assert e.agent_selection == "player_0" == e.possible_agents[seat_to_act(e)]


def _after(actions: list[int]):
    """A tic-tac-toe environment after actions from the seed-0 reset."""
    e = env("tictactoe")
    e.reset(seed=0)
    for a in actions:
        e.step(a)
    return e


def test_one_env_shared_by_threads_playing_games():
    # Threads playing one environment in turns, with resets, leave it
    # consistent (each call either went through whole or raised and
    # changed nothing): the agent to act is the one Go has to act, and a
    # game played on after them ends as PettingZoo's loop expects.
    import threading

    e = env("walking-moon")
    e.reset(seed=1)
    errors: list[Exception] = []
    refused = []

    def worker(k: int) -> None:
        rng = np.random.default_rng(k)
        try:
            for _ in range(300):
                obs, _, term, trunc, _ = e.last()
                try:
                    if term or trunc:
                        e.reset()
                        continue
                    legal = np.flatnonzero(obs["action_mask"])
                    e.step(int(rng.choice(legal)) if legal.size else 0)
                except moongym.ConcurrentUseError:
                    refused.append(k)
                except (moongym.IllegalActionError, moongym.EpisodeOverError, ValueError):
                    pass  # another thread stepped between this one's last() and step()
        except Exception as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    if e.agents and not any(e.terminations.values()):
        assert e.possible_agents.index(e.agent_selection) == seat_to_act(e)
    e.reset(seed=2)
    assert e.possible_agents.index(e.agent_selection) == seat_to_act(e)
    totals, _, steps = play(e, 3, np.random.default_rng(0))
    assert steps > 0 and e.agents == []
