"""The search's hot loops compiled by numba: `engine/core.py`'s rules and the bots' playouts on flat ints.

Every function here mirrors a Python one move for move and draw for draw, down to Python's own
Mersenne Twister (`random.Random`), so a decision made here is the decision the Python core makes:
the same seeded game, the same bot moves, with numba or without (tests/bots/test_fast_identity.py).
Only `allfives.bots.fast` imports this module, and only off the player's clock.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, types
from numba.typed import Dict

# -- the state of a table, one int64 array ----------------------------------------------------------
H = 0  # hands: 4 rows of 28, each in the order the Python list holds it
HL = 112  # hand lengths
B = 116  # boneyard, its first tile at BS
BS = 144
BL = 145
L = 146  # the layout: pips (4), counts (4), lead, spinner, sides open, exposed W, exposed E
SC = 159  # scores per side
TURN = 163
PHASE = 164
WIN = 165
SEATS = 166
PART = 167
TARGET = 168
MUG = 169
FIN = 170
SIDES = 171
SIZE = 172
LSIZE = 13
L_LEAD, L_SPIN, L_OPEN, L_EXP = 8, 9, 10, 11

PLAY, DRAW, PASS = 0, 1, 2
PLAYING, HAND_OVER, GAME_OVER = 0, 1, 2
LEAD = -1
MAX_MOVES = 64

HIGH = np.array([a for a in range(7) for b in range(a + 1)], dtype=np.int64)
LOW = np.array([b for a in range(7) for b in range(a + 1)], dtype=np.int64)
PIPS = HIGH + LOW

# -- Python's random.Random (MT19937 as CPython seeds and draws it) ------------------------------------
_N, _M = 624, 397


@njit(cache=True)
def mt_init_genrand(mt, s):
    mt[0] = s & 0xFFFFFFFF
    for i in range(1, _N):
        x = mt[i - 1]
        mt[i] = (1812433253 * (x ^ (x >> 30)) + i) & 0xFFFFFFFF
    mt[_N] = _N


@njit(cache=True)
def mt_init_by_array(mt, key, key_length):
    mt_init_genrand(mt, 19650218)
    i = 1
    j = 0
    k = _N if _N > key_length else key_length
    while k > 0:
        x = mt[i - 1]
        mt[i] = ((mt[i] ^ (((x ^ (x >> 30)) * 1664525) & 0xFFFFFFFF)) + key[j] + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= key_length:
            j = 0
        k -= 1
    k = _N - 1
    while k > 0:
        x = mt[i - 1]
        mt[i] = ((mt[i] ^ (((x ^ (x >> 30)) * 1566083941) & 0xFFFFFFFF)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        k -= 1
    mt[0] = 0x80000000
    mt[_N] = _N


@njit(cache=True)
def mt_seed_int(mt, n):
    """random.Random(n) for 0 <= n < 2**64."""
    key = np.zeros(2, dtype=np.int64)
    key[0] = n & 0xFFFFFFFF
    key[1] = (n >> 32) & 0xFFFFFFFF
    mt_init_by_array(mt, key, 2 if key[1] else 1)


_HASH_BITS = 61
_HASH_MOD = (1 << 61) - 1


@njit(cache=True)
def float_hash(v):
    """hash(v) of a finite float v >= 0, as CPython's _Py_HashDouble computes it."""
    m, e = math.frexp(v)
    x = np.int64(0)
    while m != 0.0:
        x = ((x << 28) & _HASH_MOD) | (x >> (_HASH_BITS - 28))
        m *= 268435456.0
        e -= 28
        y = np.int64(m)
        m -= y
        x += y
        if x >= _HASH_MOD:
            x -= _HASH_MOD
    e = e % _HASH_BITS if e >= 0 else _HASH_BITS - 1 - ((-1 - e) % _HASH_BITS)
    if e:
        x = ((x << e) & _HASH_MOD) | (x >> (_HASH_BITS - e))
    return x


@njit(cache=True)
def mt_seed_float(mt, v):
    """random.Random(v) for a float 0 <= v < 1 (CPython seeds by the float's hash)."""
    mt_seed_int(mt, float_hash(v))


@njit(cache=True)
def mt_next(mt):
    if mt[_N] >= _N:
        for kk in range(_N - _M):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
            mt[kk] = mt[kk + _M] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        for kk in range(_N - _M, _N - 1):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
            mt[kk] = mt[kk + (_M - _N)] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        y = (mt[_N - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        mt[_N] = 0
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=True)
def mt_random(mt):
    a = mt_next(mt) >> 5
    b = mt_next(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def mt_below(mt, n):
    """random.Random._randbelow(n), n >= 1: getrandbits(n.bit_length()) until below n."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = mt_next(mt) >> (32 - k)
    while r >= n:
        r = mt_next(mt) >> (32 - k)
    return r


@njit("void(int64[::1], int64[::1], int64, int64)", cache=True)
def mt_shuffle(mt, a, start, n):
    """random.shuffle of a[start:start + n] in place."""
    for i in range(n - 1, 0, -1):
        j = mt_below(mt, i + 1)
        t = a[start + i]
        a[start + i] = a[start + j]
        a[start + j] = t


# -- the layout (core.Layout) --------------------------------------------------------------------------

@njit("void(int64[::1], int64, int64, int64)", cache=True)
def lay_place(a, o, t, end):
    hi = HIGH[t]
    lo = LOW[t]
    if a[o + L_LEAD] < 0:
        a[o + L_LEAD] = t
        a[o + 0] = hi
        a[o + 1] = lo
        if hi == lo:
            a[o + L_SPIN] = hi
            a[o + L_OPEN] = 2
            a[o + L_EXP] = 1
            a[o + L_EXP + 1] = 1
        else:
            a[o + 4] = hi
            a[o + 5] = lo
        return
    p = a[o + end]
    outer = lo if hi == p else hi
    if end < 2 and a[o + L_EXP + end] != 0:
        a[o + L_EXP + end] = 0
        a[o + L_OPEN] -= 1
        if a[o + L_OPEN] == 0:
            a[o + 2] = a[o + L_SPIN]
            a[o + 3] = a[o + L_SPIN]
    if hi == lo and a[o + L_SPIN] < 0:
        a[o + L_SPIN] = hi
        a[o + L_OPEN] = 1
        a[o + L_EXP + end] = 1
        a[o + end] = hi
        a[o + 4 + end] = 0
        return
    a[o + end] = outer
    a[o + 4 + end] = 2 * outer if hi == lo else outer


@njit("int64(int64[::1], int64)", cache=True)
def lay_total(a, o):
    t = a[o + 4] + a[o + 5] + a[o + 6] + a[o + 7]
    if a[o + L_OPEN] > 0:
        t += 2 * a[o + L_SPIN]
    return t


@njit(cache=True)
def play_points(total):
    return total if total > 0 and total % 5 == 0 else 0


@njit("int64(int64[::1], int64, int64, int64, int64[::1])", cache=True)
def points_after(a, o, t, end, scratch):
    """What laying `t` on `end` scores, on a scratch copy of the layout at a[o:]."""
    for i in range(LSIZE):
        scratch[i] = a[o + i]
    lay_place(scratch, 0, t, end)
    return play_points(lay_total(scratch, 0))


@njit("boolean(int64[::1], int64, int64, int64)", cache=True)
def fits(a, o, t, end):
    p = a[o + end]
    return p >= 0 and (p == HIGH[t] or p == LOW[t])


@njit("boolean(int64[::1], int64, int64)", cache=True)
def playable(a, o, t):
    if a[o + L_LEAD] < 0:
        return True
    hi = HIGH[t]
    lo = LOW[t]
    for e in range(4):
        p = a[o + e]
        if p >= 0 and (p == hi or p == lo):
            return True
    return False


# -- the table (core.Table) ------------------------------------------------------------------------------

@njit("int64(int64[::1], int64)", cache=True)
def side_of(st, seat):
    return seat % 2 if st[PART] else seat


@njit(cache=True)
def legal_moves(st, moves):
    """Fill `moves` (kind, tile, end) as Table.legal_moves orders them; return how many."""
    if st[PHASE] != PLAYING:
        return 0
    seat = st[TURN]
    n = 0
    base = H + 28 * seat
    if st[L + L_LEAD] < 0:
        for i in range(st[HL + seat]):
            moves[n, 0] = PLAY
            moves[n, 1] = st[base + i]
            moves[n, 2] = LEAD
            n += 1
        return n
    for i in range(st[HL + seat]):
        t = st[base + i]
        for e in range(4):
            if fits(st, L, t, e):
                moves[n, 0] = PLAY
                moves[n, 1] = t
                moves[n, 2] = e
                n += 1
    if n == 0:
        moves[0, 0] = DRAW if st[BL] > 0 else PASS
        moves[0, 1] = -1
        moves[0, 2] = -1
        n = 1
    return n


@njit(cache=True)
def can_play(st, seat):
    base = H + 28 * seat
    for i in range(st[HL + seat]):
        if playable(st, L, st[base + i]):
            return True
    return False


@njit(cache=True)
def blocked(st):
    if st[BL] > 0 or st[L + L_LEAD] < 0:
        return False
    for s in range(st[SEATS]):
        if can_play(st, s):
            return False
    return True


@njit(cache=True)
def round_to_five(p):
    r = p % 5
    return p - r if r <= 2 else p + 5 - r


@njit("void(int64[::1], int64)", cache=True)
def end_hand(st, out_seat):
    seats = st[SEATS]
    sides = st[SIDES]
    pips = np.zeros(4, dtype=np.int64)
    for s in range(seats):
        base = H + 28 * s
        for i in range(st[HL + s]):
            pips[s] += PIPS[st[base + i]]
    if not st[MUG]:
        for s in range(seats):
            st[SC + side_of(st, s)] -= round_to_five(pips[s])
    else:
        side_pips = np.zeros(4, dtype=np.int64)
        for s in range(seats):
            side_pips[side_of(st, s)] += pips[s]
        total = 0
        for d in range(sides):
            total += side_pips[d]
        if out_seat >= 0:
            out_side = side_of(st, out_seat)
            st[SC + out_side] += round_to_five(total - side_pips[out_side])
        else:
            fewest = side_pips[0]
            for d in range(1, sides):
                if side_pips[d] < fewest:
                    fewest = side_pips[d]
            count = 0
            low = -1
            for d in range(sides):
                if side_pips[d] == fewest:
                    count += 1
                    if low < 0:
                        low = d
            if count == 1:
                st[SC + low] += round_to_five(total - 2 * fewest)
    st[PHASE] = HAND_OVER
    top = st[SC]
    for d in range(1, sides):
        if st[SC + d] > top:
            top = st[SC + d]
    if top >= st[TARGET]:
        count = 0
        at = -1
        for d in range(sides):
            if st[SC + d] == top:
                count += 1
                if at < 0:
                    at = d
        if count == 1:
            st[WIN] = at
            st[PHASE] = GAME_OVER


@njit(cache=True)
def apply_move(st, kind, tile, end, scratch):
    """Table.apply_unchecked (no history kept: the search needs none)."""
    seat = st[TURN]
    seats = st[SEATS]
    if kind == PLAY:
        base = H + 28 * seat
        n = st[HL + seat]
        at = 0
        while st[base + at] != tile:
            at += 1
        for i in range(at, n - 1):
            st[base + i] = st[base + i + 1]
        st[HL + seat] = n - 1
        lay_place(st, L, tile, end)
        points = play_points(lay_total(st, L))
        if points:
            side = side_of(st, seat)
            st[SC + side] += points
            if not st[FIN] and st[SC + side] >= st[TARGET]:
                st[WIN] = side
                st[PHASE] = GAME_OVER
                return
        if n - 1 == 0:
            end_hand(st, seat)
            return
        st[TURN] = (seat + 1) % seats
    elif kind == DRAW:
        t = st[B + st[BS]]
        st[BS] += 1
        st[BL] -= 1
        st[H + 28 * seat + st[HL + seat]] = t
        st[HL + seat] += 1
    else:
        st[TURN] = (seat + 1) % seats
    if st[BL] == 0 and blocked(st):
        end_hand(st, -1)


# -- the playouts (policy.playout, playout.styled_playout) -------------------------------------------

@njit(cache=True)
def greedy_choice(st, moves, n, mt, scratch):
    if n == 1 or moves[0, 0] != PLAY:
        return 0
    left = st[HL + st[TURN]]
    shed = 0.6 if left <= 3 else 0.25
    best = 0
    best_v = -1e9
    for i in range(n):
        t = moves[i, 1]
        v = points_after(st, L, t, moves[i, 2], scratch) + shed * PIPS[t] + 3.0 * mt_random(mt)
        if v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def greedy_playout(st, mt, moves, scratch):
    while st[PHASE] == PLAYING:
        n = legal_moves(st, moves)
        i = greedy_choice(st, moves, n, mt, scratch)
        apply_move(st, moves[i, 0], moves[i, 1], moves[i, 2], scratch)


@njit(cache=True)
def best_reply(lay, st, seat, scratch):
    """playout.best_reply: the most any tile of `seat`'s hand scores on the layout `lay` (laid)."""
    best = 0
    base = H + 28 * seat
    for i in range(st[HL + seat]):
        x = st[base + i]
        for e in range(4):
            if fits(lay, 0, x, e):
                p = points_after(lay, 0, x, e, scratch)
                if p > best:
                    best = p
    return best


@njit(cache=True)
def styled_choice(st, moves, n, mt, style, scratch, after, scratch2):
    """playout.styled_choice: style = (defend, follow, stuck, shed_early, shed_late, noise)."""
    if n == 1 or moves[0, 0] != PLAY:
        return 0
    seat = st[TURN]
    seats = st[SEATS]
    nxt = (seat + 1) % seats
    fewest = st[HL]
    for s in range(1, seats):
        if st[HL + s] < fewest:
            fewest = st[HL + s]
    shed = style[4] if fewest <= 3 else style[3]
    hand_n = st[HL + seat]
    base = H + 28 * seat
    best = 0
    best_v = -np.inf
    for i in range(n):
        t = moves[i, 1]
        for k in range(LSIZE):
            after[k] = st[L + k]
        lay_place(after, 0, t, moves[i, 2])
        v = float(play_points(lay_total(after, 0)))
        if hand_n == 1:
            v = v + 200.0
        else:
            if st[HL + nxt] > 0:
                v -= style[0] * best_reply(after, st, nxt, scratch2)
            count = 0
            for j in range(hand_n):
                x = st[base + j]
                if x != t:
                    hi = HIGH[x]
                    lo = LOW[x]
                    for e in range(4):
                        p = after[e]
                        if p >= 0 and (p == hi or p == lo):
                            count += 1
                            break
            if count:
                v += style[1] * min(count, 3)
            else:
                v += -style[2]
            v += shed * PIPS[t]
            v += style[5] * mt_random(mt)
        if i == 0 or v > best_v:
            best_v = v
            best = i
    return best


@njit(cache=True)
def styled_playout(st, mt, moves, style, scratch, after, scratch2):
    while st[PHASE] == PLAYING:
        n = legal_moves(st, moves)
        i = styled_choice(st, moves, n, mt, style, scratch, after, scratch2)
        apply_move(st, moves[i, 0], moves[i, 1], moves[i, 2], scratch)


# -- utilities (search.win_chance, search.points_utility) ---------------------------------------------

@njit(cache=True)
def _beats(dist_a, dist_b, hand_points, spread):
    hands_left = max(1.0, min(dist_a, dist_b) / hand_points)
    x = (dist_b - dist_a) / (spread * math.sqrt(hands_left))
    return 0.5 * (1.0 + math.erf(x / 1.4142135623730951))


@njit(cache=True)
def win_chance(st, side):
    winner = st[WIN]
    if winner >= 0:
        return 1.0 if winner == side else 0.0
    seats = st[SEATS]
    hp = 40.0 if seats == 2 else 30.0
    spread = 30.0 if seats == 2 else 25.0
    n = st[SIDES]
    dist = np.empty(4)
    for i in range(n):
        dist[i] = max(1.0, (st[TARGET] - st[SC + i]) + 0.5)
    if n == 2:
        return _beats(dist[side], dist[1 - side], hp, spread)
    strength = np.empty(4)
    total = 0.0
    for i in range(n):
        s = 1.0
        for j in range(n):
            if j != i:
                s *= _beats(dist[i], dist[j], hp, spread)
        strength[i] = s
    for i in range(n):
        total += strength[i]
    return strength[side] / total


@njit(cache=True)
def points_gain(st, side, start):
    mine = st[SC + side] - start[side]
    other = -(1 << 62)
    for i in range(st[SIDES]):
        if i != side:
            g = st[SC + i] - start[i]
            if g > other:
                other = g
    return mine - other


# -- guessed deals (knowledge.Sampler.sample) ------------------------------------------------------------

@njit(cache=True)
def _augment(i0, choices, clen, slot_of, tile_at):
    """Sampler.sample's augment(i, set()): an augmenting path by depth first search, in its order."""
    seen = np.zeros(28, dtype=np.bool_)
    stack = np.empty(32, dtype=np.int64)
    pos = np.empty(32, dtype=np.int64)
    sp = 0
    stack[0] = i0
    pos[0] = 0
    ret = -1  # -1: scan on; 1: the frame above returned True; 0: returned False
    while True:
        i = stack[sp]
        if ret == 1:
            t = choices[i, pos[sp] - 1]
            slot_of[t] = i
            tile_at[i] = t
            sp -= 1
            if sp < 0:
                return True
            continue
        ret = -1
        pushed = False
        done = False
        while pos[sp] < clen[i]:
            t = choices[i, pos[sp]]
            pos[sp] += 1
            if seen[t]:
                continue
            seen[t] = True
            j = slot_of[t]
            if j < 0:
                slot_of[t] = i
                tile_at[i] = t
                done = True
                break
            sp += 1
            stack[sp] = j
            pos[sp] = 0
            pushed = True
            break
        if pushed:
            continue
        if done:
            sp -= 1
            if sp < 0:
                return True
            ret = 1
            continue
        sp -= 1
        if sp < 0:
            return False
        ret = 0


@njit(cache=True)
def sample_deal(st, template, allowed, alen, order, owners, hidden, seat, mt, choices, slot_of, tile_at):
    """Sampler.sample into `st`: the template (table_for's table) with one guess at the hidden tiles."""
    for k in range(SIZE):
        st[k] = template[k]
    n = owners.shape[0]
    for i in range(n):
        for k in range(alen[i]):
            choices[i, k] = allowed[i, k]
        mt_shuffle(mt, choices[i], 0, alen[i])
    for t in range(28):
        slot_of[t] = -1
    for i in range(n):
        tile_at[i] = -1
    for oi in range(n):
        i = order[oi]
        free = -1
        for k in range(alen[i]):
            if slot_of[choices[i, k]] < 0:
                free = choices[i, k]
                break
        if free >= 0:
            slot_of[free] = i
            tile_at[i] = free
        elif not _augment(i, choices, alen, slot_of, tile_at):
            for k in range(hidden.shape[0]):
                t = hidden[k]
                if slot_of[t] < 0:
                    slot_of[t] = i
                    tile_at[i] = t
                    break
    for s in range(st[SEATS]):
        if s != seat:
            st[HL + s] = 0
    st[BS] = 0
    st[BL] = 0
    for i in range(n):
        owner = owners[i]
        if owner < 0:
            st[B + st[BL]] = tile_at[i]
            st[BL] += 1
        else:
            st[H + 28 * owner + st[HL + owner]] = tile_at[i]
            st[HL + owner] += 1
    mt_shuffle(mt, st, B, st[BL])


@njit(cache=True)
def passed_up(st, plays, offered, born, blen, played, plen):
    """inference.Evidence.passed_up for the hands in `st`.

    plays[k] = (seat, when, taken); offered[k] the points each tile offered then; born[s] when each
    slot of seat s was filled, in the sampler's order; played[s] = (when, tile, born) rows."""
    total = 0
    for k in range(plays.shape[0]):
        seat = plays[k, 0]
        when = plays[k, 1]
        taken = plays[k, 2]
        most = taken
        m = min(st[HL + seat], blen[seat])
        for i in range(m):
            tile = st[H + 28 * seat + i]
            if born[seat, i] < when and offered[k, tile] > most:
                most = offered[k, tile]
        for r in range(plen[seat]):
            tile = played[seat, r, 1]
            if played[seat, r, 0] > when and played[seat, r, 2] < when and offered[k, tile] > most:
                most = offered[k, tile]
        total += most - taken
    return total


# -- a decision's whole PIMC loop (search.evaluate_moves) -------------------------------------------

@njit(cache=True)
def evaluate(template, moves, sims, allowed, alen, order, owners, hidden, seat, mt, side, start,
             want_points, styled, style, pick, strength, plays, offered, born, blen, played, plen,
             fixed_deal, solve_nodes, out_win, out_points):
    """Sums of each move's utility over `sims` guessed deals (the caller divides, as Python does).

    `fixed_deal`: every deal is the template itself (the oracle). `pick` > 1: the expert's importance
    resampling among `pick` deals by their weight (exp(-strength) per point passed up). `solve_nodes`
    > 0 (two seats): each deal is first solved exactly, move by move, within that many nodes, and played
    out only if the solve gives up (search.solved_world)."""
    nm = moves.shape[0]
    n = owners.shape[0]
    base = np.empty(SIZE, dtype=np.int64)
    cand = np.empty((max(pick, 1), SIZE), dtype=np.int64)
    weights = np.empty(max(pick, 1))
    t = np.empty(SIZE, dtype=np.int64)
    buf = np.empty((MAX_MOVES, 3), dtype=np.int64)
    scratch = np.empty(LSIZE, dtype=np.int64)
    after = np.empty(LSIZE, dtype=np.int64)
    scratch2 = np.empty(LSIZE, dtype=np.int64)
    noise_mt = np.empty(_N + 1, dtype=np.int64)
    play_mt = np.empty(_N + 1, dtype=np.int64)
    choices = np.empty((max(n, 1), 28), dtype=np.int64)
    slot_of = np.empty(28, dtype=np.int64)
    tile_at = np.empty(max(n, 1), dtype=np.int64)
    for i in range(nm):
        out_win[i] = 0.0
        out_points[i] = 0.0
    solved = np.empty(nm)
    counter = np.zeros(2, dtype=np.int64)
    best_move = np.zeros(3, dtype=np.int64)
    pool, movepool, floats, ints, maxim, keys = solver_buffers()
    for _s in range(sims):
        if fixed_deal:
            for k in range(SIZE):
                base[k] = template[k]
        elif pick > 1:
            for c in range(pick):
                sample_deal(cand[c], template, allowed, alen, order, owners, hidden, seat, mt,
                            choices, slot_of, tile_at)
                weights[c] = math.exp(-strength * passed_up(cand[c], plays, offered, born, blen,
                                                            played, plen))
            acc = 0.0
            for c in range(pick):
                acc += weights[c]
                weights[c] = acc
            x = mt_random(mt) * (weights[pick - 1] + 0.0)
            lo = 0
            hi = pick - 1
            while lo < hi:
                mid = (lo + hi) // 2
                if x < weights[mid]:
                    hi = mid
                else:
                    lo = mid + 1
            for k in range(SIZE):
                base[k] = cand[lo, k]
        else:
            sample_deal(base, template, allowed, alen, order, owners, hidden, seat, mt, choices,
                        slot_of, tile_at)
        noise = mt_random(mt)
        if solve_nodes > 0:
            tt = Dict.empty(key_type=key_type, value_type=entry_type)
            counter[0] = 0
            counter[1] = 0
            for i in range(nm):
                for k in range(SIZE):
                    t[k] = base[k]
                apply_move(t, moves[i, 0], moves[i, 1], moves[i, 2], scratch)
                if t[PHASE] == PLAYING:
                    solved[i] = solve_with(t, side, 0, start, tt, solve_nodes, counter, best_move, pool,
                                           movepool, floats, ints, maxim, keys)
                    if counter[1]:
                        break
                else:
                    solved[i] = win_chance(t, side)
            if not counter[1]:
                for i in range(nm):
                    out_win[i] += solved[i]
                continue
        mt_seed_float(noise_mt, noise)
        for i in range(nm):
            for k in range(SIZE):
                t[k] = base[k]
            apply_move(t, moves[i, 0], moves[i, 1], moves[i, 2], scratch)
            if t[PHASE] == PLAYING:
                for k in range(_N + 1):
                    play_mt[k] = noise_mt[k]
                if styled:
                    styled_playout(t, play_mt, buf, style, scratch, after, scratch2)
                else:
                    greedy_playout(t, play_mt, buf, scratch)
            out_win[i] += win_chance(t, side)
            if want_points:
                out_points[i] += points_gain(t, side, start)


# -- the exact endgame (search.EndgameSolver), two seats ---------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2
_ENTER, _NEXT, _RETURN = 0, 1, 2
_DEPTH = 64

key_type = types.UniTuple(types.int64, 4)
entry_type = types.Tuple((types.int64, types.float64, types.int64, types.int64, types.int64))


@njit(cache=True)
def new_memory():
    return Dict.empty(key_type=key_type, value_type=entry_type)


@njit(cache=True)
def tt_key(st):
    """EndgameSolver._key packed: every hand as a set, the open ends, the turn, the scores, and how many
    tiles the boneyard still holds (a deal solved whole knows its order)."""
    hands = np.zeros(4, dtype=np.int64)
    for s in range(st[SEATS]):
        for i in range(st[HL + s]):
            hands[s] |= 1 << st[H + 28 * s + i]
    k0 = hands[0] | (hands[1] << 28) | (st[L + L_EXP] << 56) | (st[L + L_EXP + 1] << 57) \
        | (st[L + L_OPEN] << 58)
    k1 = hands[2] | (hands[3] << 28) | (st[TURN] << 56)
    k2 = 0
    for e in range(4):
        k2 = (k2 << 3) | (st[L + e] + 1)
    for e in range(4):
        k2 = (k2 << 4) | st[L + 4 + e]
    k2 = (k2 << 3) | (st[L + L_SPIN] + 1)
    k2 = (k2 << 5) | st[BL]
    k3 = 0
    for d in range(st[SIDES]):
        k3 = (k3 << 16) | ((st[SC + d] + (1 << 15)) & 0xFFFF)
    return (k0, k1, k2, k3)


@njit(cache=True)
def _utility(st, side, kind, start):
    if kind == 0:
        return win_chance(st, side)
    return float(points_gain(st, side, start))


@njit(cache=True)
def _order_moves(st, moves, n, tt_kind, tt_tile, tt_end, scratch):
    """EndgameSolver's move order: by points, most first, stable; then the table's move first."""
    keys = np.empty(n, dtype=np.int64)
    for i in range(n):
        keys[i] = points_after(st, L, moves[i, 1], moves[i, 2], scratch)
    for i in range(1, n):
        k = keys[i]
        m0 = moves[i, 0]
        m1 = moves[i, 1]
        m2 = moves[i, 2]
        j = i - 1
        while j >= 0 and keys[j] < k:
            keys[j + 1] = keys[j]
            moves[j + 1, 0] = moves[j, 0]
            moves[j + 1, 1] = moves[j, 1]
            moves[j + 1, 2] = moves[j, 2]
            j -= 1
        keys[j + 1] = k
        moves[j + 1, 0] = m0
        moves[j + 1, 1] = m1
        moves[j + 1, 2] = m2
    if tt_kind != -1:
        at = -1
        for i in range(n):
            if moves[i, 0] == tt_kind and moves[i, 1] == tt_tile and moves[i, 2] == tt_end:
                at = i
                break
        if at > 0:
            for j in range(at, 0, -1):
                moves[j, 0] = moves[j - 1, 0]
                moves[j, 1] = moves[j - 1, 1]
                moves[j, 2] = moves[j - 1, 2]
            moves[0, 0] = tt_kind
            moves[0, 1] = tt_tile
            moves[0, 2] = tt_end


@njit(cache=True)
def solver_buffers():
    """The solver's stack, one row a depth: states, moves, bounds and bests, counters, sides, keys."""
    return (np.empty((_DEPTH, SIZE), dtype=np.int64), np.empty((_DEPTH, MAX_MOVES, 3), dtype=np.int64),
            np.empty((5, _DEPTH)), np.zeros((3, _DEPTH), dtype=np.int64), np.zeros(_DEPTH, dtype=np.bool_),
            np.zeros((_DEPTH, 4), dtype=np.int64))


@njit(cache=True)
def solve(root, side, kind, start, tt, limit, counter, best_move):
    """EndgameSolver.solve: the value of `root`, its best move into best_move ([-9] when none);
    counter = [nodes, aborted], aborted set past `limit` nodes (Python's SearchAborted)."""
    pool, movepool, floats, ints, maxim, keys = solver_buffers()
    return solve_with(root, side, kind, start, tt, limit, counter, best_move, pool, movepool, floats, ints,
                      maxim, keys)


@njit(cache=True)
def solve_with(root, side, kind, start, tt, limit, counter, best_move, pool, movepool, floats, ints, maxim,
               keys):
    """`solve` in buffers the caller keeps (a search solving many worlds allocates them once).

    The recursion of EndgameSolver._search made iterative (an explicit stack of nodes), node for
    node, move order for move order, so the same positions are counted and stored."""
    alpha = floats[0]
    beta = floats[1]
    a0 = floats[2]
    b0 = floats[3]
    best = floats[4]
    best_i = ints[0]
    nxt = ints[1]
    count = ints[2]
    scratch = np.empty(LSIZE, dtype=np.int64)
    for k in range(SIZE):
        pool[0, k] = root[k]
    alpha[0] = -np.inf
    beta[0] = np.inf
    d = 0
    mode = _ENTER
    value = 0.0
    root_move = -1  # 0 once the root's best move stands first in movepool[0]
    while True:
        if mode == _ENTER:
            st = pool[d]
            if st[PHASE] != PLAYING:
                value = _utility(st, side, kind, start)
                mode = _RETURN
                continue
            counter[0] += 1
            if counter[0] > limit:
                counter[1] = 1
                best_move[0] = -9
                return 0.0
            key = tt_key(st)
            keys[d, 0] = key[0]
            keys[d, 1] = key[1]
            keys[d, 2] = key[2]
            keys[d, 3] = key[3]
            tt_kind = -1
            tt_tile = -1
            tt_end = -1
            if key in tt:
                flag, v, mk, mtile, mend = tt[key]
                if (flag == _EXACT or (flag == _LOWER and v >= beta[d])
                        or (flag == _UPPER and v <= alpha[d])):
                    movepool[d, 0, 0] = mk
                    movepool[d, 0, 1] = mtile
                    movepool[d, 0, 2] = mend
                    if d == 0:
                        root_move = 0
                    value = v
                    mode = _RETURN
                    continue
                tt_kind = mk
                tt_tile = mtile
                tt_end = mend
            n = legal_moves(st, movepool[d])
            if n > 1:
                _order_moves(st, movepool[d], n, tt_kind, tt_tile, tt_end, scratch)
            count[d] = n
            nxt[d] = 0
            maxim[d] = side_of(st, st[TURN]) == side
            a0[d] = alpha[d]
            b0[d] = beta[d]
            best[d] = -np.inf if maxim[d] else np.inf
            best_i[d] = 0
            mode = _NEXT
        elif mode == _NEXT:
            i = nxt[d]
            if i < count[d] and alpha[d] < beta[d]:
                child = pool[d + 1]
                for k in range(SIZE):
                    child[k] = pool[d, k]
                apply_move(child, movepool[d, i, 0], movepool[d, i, 1], movepool[d, i, 2], scratch)
                alpha[d + 1] = alpha[d]
                beta[d + 1] = beta[d]
                d += 1
                mode = _ENTER
                continue
            flag = _EXACT
            if best[d] <= a0[d]:
                flag = _UPPER
            elif best[d] >= b0[d]:
                flag = _LOWER
            bi = best_i[d]
            m = movepool[d]
            entry = (flag, best[d], m[bi, 0], m[bi, 1], m[bi, 2])
            tt[(keys[d, 0], keys[d, 1], keys[d, 2], keys[d, 3])] = entry
            if bi != 0:
                m[0, 0], m[bi, 0] = m[bi, 0], m[0, 0]
                m[0, 1], m[bi, 1] = m[bi, 1], m[0, 1]
                m[0, 2], m[bi, 2] = m[bi, 2], m[0, 2]
            if d == 0:
                root_move = 0
            value = best[d]
            mode = _RETURN
        else:
            if d == 0:
                if root_move == 0:
                    best_move[0] = movepool[0, 0, 0]
                    best_move[1] = movepool[0, 0, 1]
                    best_move[2] = movepool[0, 0, 2]
                else:
                    best_move[0] = -9
                return value
            d -= 1
            v = value
            i = nxt[d]
            if maxim[d]:
                if v > best[d]:
                    best[d] = v
                    best_i[d] = i
                alpha[d] = max(alpha[d], v)
            else:
                if v < best[d]:
                    best[d] = v
                    best_i[d] = i
                beta[d] = min(beta[d], v)
            nxt[d] = i + 1
            mode = _NEXT


# -- the luck of the deal (luck._played_out): one seeded greedy playout ------------------------------

@njit(cache=True)
def played_out(st, seed, out):
    """Play `st` out with random.Random(seed)'s greedy playout; each side's score into out."""
    mt = np.empty(_N + 1, dtype=np.int64)
    mt_seed_int(mt, seed)
    buf = np.empty((MAX_MOVES, 3), dtype=np.int64)
    scratch = np.empty(LSIZE, dtype=np.int64)
    if st[PHASE] == PLAYING:
        greedy_playout(st, mt, buf, scratch)
    for i in range(st[SIDES]):
        out[i] = st[SC + i]
