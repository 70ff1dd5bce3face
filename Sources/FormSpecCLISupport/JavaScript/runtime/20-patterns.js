// Patterns: FormSpecPattern's matcher (Pattern.swift, DFA.swift, PikeVM.swift, NFA.swift,
// RequiredLiteral.swift) over the automata Swift compiled and the program stores (PatternCoding.swift,
// encoding version 3: read its header for the layout). No regular expression is compiled here: a
// search reads the text's UTF-8 bytes once per DFA, or once per NFA state on the PikeVM, never
// backtracking. The tables come from Swift's compiler and are not checked again here (Swift's
// decoder checks them when it reads a program). JavaScriptPatternTests runs the pattern corpus
// through both engines against Swift.
//
// Only patterns (`pattern:`, `not_pattern:`, a `matches:` condition) use this piece: a module whose
// program has none leaves it out (the emitter's `patterns` feature).
/*! @feature patterns */

/**
 * A compiled pattern (`Pattern`): `new Pattern(json)` from a rule's `compiled` object, then
 * `matches(text)`, an unanchored search (the pattern has its own `^…$`). A pattern whose conjuncts
 * all run on a DFA allocates nothing per call.
 */
class Pattern {
    constructor(json) {
        if (json.version !== 3) throw new Error(`unsupported pattern encoding version ${json.version}`);
        this.source = json.source;
        /** The flags already applied to the automata (`ims` letters). */
        this.flags = json.flags ?? "";
        let states = 1;
        this.conjuncts = json.conjuncts.map((conjunct) => {
            const automata = [conjunct.main, ...conjunct.lookarounds].map((automaton) => new Automaton(automaton));
            for (const automaton of automata) states = Math.max(states, automaton.nfa.stateCount);
            return {
                expected: conjunct.expected,
                main: automata[0],
                lookarounds: automata.slice(1),
                required: conjunct.required ?? [],
            };
        });
        /** The PikeVM's scratch (sized for the largest automaton), made on first use. */
        this.maxStates = states;
        /** Whether every conjunct is a DFA alone (no lookaround), the usual case. */
        this.onlyDFAs = this.conjuncts.every((conjunct) => conjunct.lookarounds.length === 0 && conjunct.main.dfa !== null);
        this.machine = null;
        this.oracles = new Uint8Array(0);
    }

    /** Whether `text` contains a match. */
    matches(text) {
        return this.run(text, false);
    }

    /** Runs every conjunct; `pikeVM` runs the PikeVM even where a DFA is stored (tests compare them). */
    run(text, pikeVM) {
        if (this.onlyDFAs && !pikeVM) {
            // Each DFA reads the text itself, ASCII without encoding it.
            const conjuncts = this.conjuncts;
            for (let index = 0; index < conjuncts.length; index++) {
                if (conjuncts[index].main.dfa.isMatchText(text) !== conjuncts[index].expected) return false;
            }
            return true;
        }
        const count = fsUTF8Scratch(text);
        const conjuncts = this.conjuncts;
        for (let index = 0; index < conjuncts.length; index++) {
            if (this.runConjunct(conjuncts[index], fsScratchBytes, count, pikeVM) !== conjuncts[index].expected) {
                return false;
            }
        }
        return true;
    }

    runConjunct(conjunct, bytes, count, pikeVM) {
        if (!pikeVM && conjunct.lookarounds.length === 0 && conjunct.main.dfa !== null) {
            return conjunct.main.dfa.isMatch(bytes, count);
        }
        // The PikeVM costs a state visit per byte and state: first check for bytes every match contains.
        if (conjunct.required.length > 0 && !fsOccurs(conjunct.required, bytes, count)) return false;
        const rowLength = count + 1;
        const used = conjunct.lookarounds.length * rowLength;
        if (this.oracles.length < used) this.oracles = new Uint8Array(used + 256);
        this.oracles.fill(0, 0, used);
        const machine = (this.machine ??= new PikeVM(this.maxStates));
        for (let index = 0; index < conjunct.lookarounds.length; index++) {
            const lookaround = conjunct.lookarounds[index];
            if (!pikeVM && lookaround.dfa !== null) {
                lookaround.dfa.markMatches(bytes, count, lookaround.forward, this.oracles, index * rowLength);
            } else {
                machine.run(lookaround.nfa, bytes, count, lookaround.forward, this.oracles, used, index * rowLength);
            }
        }
        return machine.run(conjunct.main.nfa, bytes, count, true, this.oracles, used, -1);
    }
}

/** One automaton of a conjunct (`Automaton`): its NFA, and its DFA when one was built. */
class Automaton {
    constructor(json) {
        this.forward = json.forward;
        this.nfa = new NFA(json);
        this.dfa = json.dfa ? new DFA(json.dfa) : null;
    }
}

/** A Thompson NFA over UTF-8 bytes, in PatternCoding's flat arrays (NFA.swift). */
class NFA {
    constructor(json) {
        /** Triples kind, argument, count (see PatternCoding.swift for each kind's). */
        this.states = Int32Array.from(json.states);
        this.stateCount = json.states.length / 3;
        /** Triples low, high, next. */
        this.transitions = Int32Array.from(json.transitions);
        this.targets = Int32Array.from(json.targets);
        /** Scalar sets, each sorted ranges [low, high, …]. */
        this.sets = (json.sets ?? []).map((ranges) => Int32Array.from(ranges));
        /**
         * Counters: [set, min, max or -1]. A bound past 2^53 is a BigInt in the module (`a{2,}` of a
         * huge count, up to Int.max): as a number it compares the same with any count a text reaches.
         */
        this.counters = (json.counters ?? []).map((counter) => counter.map(Number));
        this.start = json.start;
    }
}

/**
 * A DFA over byte classes (DFA.swift). The program stores `next << 1 | matchedBefore` at
 * `state * classCount + class`; here each `next` is premultiplied into its row's offset
 * (`next * classCount`), which takes a multiplication off every byte's step. Row 0 is the dead state.
 * `eofMatch` is by row offset too (whether the state matches at the end of the text).
 */
class DFA {
    constructor(json) {
        this.classes = new Uint8Array(256);
        json.classStarts.forEach((first, index) => this.classes.fill(index + 1, first));
        const classCount = json.classStarts.length + 1;
        this.classCount = classCount;
        this.table = Int32Array.from(json.table, (entry) => (((entry >> 1) * classCount) << 1) | (entry & 1));
        this.eofMatch = new Uint8Array(this.table.length + 1);
        json.eof.forEach((match, state) => { this.eofMatch[state * classCount] = match; });
        this.startRow = json.start * classCount;
    }

    /** Whether the DFA matches anywhere in bytes[0..<count], read forwards. */
    isMatch(bytes, count) {
        const { table, classes } = this;
        let row = this.startRow;
        for (let offset = 0; offset < count; offset++) {
            const entry = table[row + classes[bytes[offset]]];
            if ((entry & 1) !== 0) return true;
            row = entry >> 1;
            if (row === 0) return false;
        }
        return this.eofMatch[row] !== 0;
    }

    /**
     * `isMatch` of `text`'s UTF-8 bytes: an ASCII character is its byte, so ASCII text is read as it
     * is; at the first other character the text is encoded and read again from the start.
     */
    isMatchText(text) {
        const { table, classes } = this;
        let row = this.startRow;
        for (let offset = 0; offset < text.length; offset++) {
            const code = text.charCodeAt(offset);
            if (code >= 0x80) {
                // Encoded first: encoding may replace the scratch buffer with a larger one.
                const count = fsUTF8Scratch(text);
                return this.isMatch(fsScratchBytes, count);
            }
            const entry = table[row + classes[code]];
            if ((entry & 1) !== 0) return true;
            row = entry >> 1;
            if (row === 0) return false;
        }
        return this.eofMatch[row] !== 0;
    }

    /**
     * Sets `row[base + p] = 1` for every text position `p` where a match ends (reading backwards:
     * starts).
     */
    markMatches(bytes, count, forward, row, base) {
        const { table, classes } = this;
        let state = this.startRow;
        for (let offset = 0; offset < count; offset++) {
            const entry = table[state + classes[bytes[forward ? offset : count - 1 - offset]]];
            if ((entry & 1) !== 0) row[base + (forward ? offset : count - offset)] = 1;
            state = entry >> 1;
            if (state === 0) return;
        }
        if (this.eofMatch[state] !== 0) row[base + (forward ? count : 0)] = 1;
    }
}

/** `RequiredLiteral.occurs`: whether `needle` (not empty) occurs in bytes[0..<count]. */
function fsOccurs(needle, bytes, count) {
    const last = count - needle.length;
    for (let index = 0; index <= last; index++) {
        if (bytes[index] !== needle[0]) continue;
        let matched = 1;
        while (matched < needle.length && bytes[index + matched] === needle[matched]) matched++;
        if (matched === needle.length) return true;
    }
    return false;
}

/** `isWordByte`: an ASCII word character `[A-Za-z0-9_]`, as `\b` defines it. */
function fsIsWordByte(byte) {
    return (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) ||
        byte === 0x5f;
}

/** A set of state numbers below a bound, cleared in O(1) (Briggs–Torczon; PikeVM.swift's SparseSet). */
class SparseSet {
    constructor(size) {
        this.dense = new Int32Array(size);
        this.sparse = new Int32Array(size);
        this.size = 0;
    }

    contains(value) {
        const slot = this.sparse[value];
        // Stale entries from earlier positions are rejected by the `dense` check.
        return slot < this.size && this.dense[slot] === value;
    }

    insert(value) {
        this.dense[this.size] = value;
        this.sparse[value] = this.size++;
    }
}

/**
 * The PikeVM (PikeVM.swift): simulates an NFA on all its states at once, each entered at most once
 * per position, so the time is O(bytes × states). One machine serves every run of a pattern; its
 * sets are sized for the pattern's largest automaton.
 */
class PikeVM {
    constructor(stateCount) {
        this.first = new SparseSet(stateCount);
        this.second = new SparseSet(stateCount);
        this.stack = new Int32Array(stateCount);
        /** The counting set of each counter state during a run. */
        this.counts = [];
    }

    /**
     * Runs `nfa` over bytes[0..<count] in the given direction. `oracles[0..<oracleCount]` holds the
     * lookaround rows computed so far (`count + 1` entries each). With `row` ≥ 0, every position where
     * a match ends (reading backwards: starts) is set to 1 in `oracles` from `row` on and the whole
     * input is read; with -1 the run stops at the first match. Returns whether a match was found.
     */
    run(nfa, bytes, count, forward, oracles, oracleCount, row) {
        this.nfa = nfa;
        this.bytes = bytes;
        this.count = count;
        this.forward = forward;
        this.oracles = oracles;
        this.oracleCount = oracleCount;
        // A run increments a count at most once per byte, so no two live counts of a bounded counter
        // are `width` apart or more.
        this.counts = nfa.counters.length === 0
            ? this.counts
            : nfa.counters.map(([, , max]) => new CountingSet(max < 0 ? 0 : Math.min(max, count) + 1));
        const { states, transitions } = nfa;
        let current = this.first;
        let next = this.second;
        current.size = 0;
        let found = false;
        const counting = nfa.counters.length > 0;
        let matched = this.addClosure(current, nfa.start, 0);
        let offset = 0;
        while (true) {
            if (matched) {
                found = true;
                if (row < 0) return true;
                oracles[row + (forward ? offset : count - offset)] = 1;
            }
            if (offset === count || current.size === 0) return found;
            const byte = this.byte(offset);
            next.size = 0;
            matched = false;
            // Counting sets step before any closure below adds a count 0 to them (which must not be
            // incremented by the scalar read here).
            if (counting) this.stepCounters(current, offset);
            for (let member = 0; member < current.size; member++) {
                const state = current.dense[member];
                const argument = states[3 * state + 1], stateCount = states[3 * state + 2];
                switch (states[3 * state]) {
                    case 0: // bytes
                        for (let index = argument; index < argument + stateCount; index++) {
                            if (transitions[3 * index] <= byte && byte <= transitions[3 * index + 1]) {
                                if (this.addClosure(next, transitions[3 * index + 2], offset + 1)) matched = true;
                            }
                        }
                        break;
                    case 4: { // whole scalar
                        const length = this.scalar(offset);
                        if (length === 0 || fsFindRange(nfa.sets[argument], this.value) < 0) break;
                        // The rest of the scalar's bytes go through the skip chain before this state.
                        const target = length === 1 ? stateCount : state - 5 + length;
                        if (this.addClosure(next, target, offset + 1)) matched = true;
                        break;
                    }
                    case 6: { // counter
                        const length = this.counts[argument].advance;
                        if (length <= 0) break;
                        // Back to this state, through the skip chain for a multi-byte scalar.
                        const target = length === 1 ? state : state - 5 + length;
                        if (this.addClosure(next, target, offset + 1)) matched = true;
                        break;
                    }
                }
            }
            const swap = current;
            current = next;
            next = swap;
            offset++;
        }
    }

    /** The byte read at step `offset` (0-based in reading order). */
    byte(offset) {
        return this.bytes[this.forward ? offset : this.count - 1 - offset];
    }

    /**
     * Decodes the scalar whose UTF-8 encoding is read from step `offset` on (reading backwards: the one
     * ending there) into `this.value`; returns its length in bytes, or 0 for malformed or truncated input.
     */
    scalar(offset) {
        const { count, forward } = this;
        // Reading backwards, step over the continuation bytes to the lead byte first.
        let length = 1;
        let lead = this.byte(offset);
        if (!forward) {
            while ((lead & 0xc0) === 0x80) {
                if (length >= 4 || offset + length >= count) return 0;
                lead = this.byte(offset + length);
                length++;
            }
        }
        let expected, value;
        if (lead <= 0x7f) {
            this.value = lead;
            return 1;
        } else if (lead >= 0xc2 && lead <= 0xdf) {
            expected = 2;
            value = lead & 0x1f;
        } else if (lead >= 0xe0 && lead <= 0xef) {
            expected = 3;
            value = lead & 0x0f;
        } else if (lead >= 0xf0 && lead <= 0xf4) {
            expected = 4;
            value = lead & 0x07;
        } else {
            return 0;
        }
        if (forward ? offset + expected > count : length !== expected) return 0;
        // Continuation bytes in text order: forwards they follow the lead, backwards they precede it.
        for (let index = 1; index < expected; index++) {
            const continuation = forward ? this.byte(offset + index) : this.byte(offset + expected - 1 - index);
            if ((continuation & 0xc0) !== 0x80) return 0;
            value = (value << 6) | (continuation & 0x3f);
        }
        const shortest = expected === 2 ? 0x80 : expected === 3 ? 0x800 : 0x10000;
        if (value < shortest || value > 0x10ffff) return 0;
        this.value = value;
        return expected;
    }

    /** Whether assertion `code` holds before reading step `offset` (NFA.swift's `Assertion`). */
    holds(code, offset) {
        const { count } = this;
        switch (code) {
            case 0: return offset === 0; // ^
            case 1: return offset === count; // $
            case 2: case 3: { // \b, \B
                const before = offset > 0 && fsIsWordByte(this.byte(offset - 1));
                const after = offset < count && fsIsWordByte(this.byte(offset));
                return (before !== after) === (code === 2);
            }
            default: { // lookaround (code - 4) / 2 holds, or with an odd code does not
                const position = this.forward ? offset : count - offset;
                const slot = ((code - 4) >> 1) * (count + 1) + position;
                if (slot >= this.oracleCount) return false;
                return (this.oracles[slot] !== 0) !== ((code & 1) === 1);
            }
        }
    }

    /**
     * Adds `state` and everything reachable from it without reading a byte to `set`; returns
     * whether the match state was reached.
     */
    addClosure(set, state, offset) {
        // States join the set when pushed, so the stack never holds more than the NFA's states.
        if (set.contains(state)) return false;
        const { states, targets, counters } = this.nfa;
        const stack = this.stack;
        set.insert(state);
        stack[0] = state;
        let depth = 1;
        let matched = false;
        while (depth > 0) {
            const index = stack[--depth];
            const argument = states[3 * index + 1], next = states[3 * index + 2];
            switch (states[3 * index]) {
                case 3: // match
                    matched = true;
                    break;
                case 5: // counter entry: at most once per position (the sparse set), so the count 0 is added once
                    this.counts[argument].add();
                    if (!set.contains(next)) {
                        set.insert(next);
                        stack[depth++] = next;
                    }
                    break;
                case 6: // counter: the count 0 of an entry reached later at this position only matters
                    // when `min` is 0, and then any count already lets the state exit.
                    if (this.counts[argument].reaches(counters[argument][1]) && !set.contains(next)) {
                        set.insert(next);
                        stack[depth++] = next;
                    }
                    break;
                case 1: // union
                    for (let target = argument + next - 1; target >= argument; target--) {
                        const to = targets[target];
                        if (!set.contains(to)) {
                            set.insert(to);
                            stack[depth++] = to;
                        }
                    }
                    break;
                case 2: // assertion
                    if (this.holds(argument, offset) && !set.contains(next)) {
                        set.insert(next);
                        stack[depth++] = next;
                    }
                    break;
            }
        }
        return matched;
    }

    /**
     * Reads the scalar at `offset` for every counter state in `set`: a scalar in its set increments
     * the counts (the state is then re-entered once the scalar is read), any other empties them.
     */
    stepCounters(set, offset) {
        const { states, counters, sets } = this.nfa;
        for (let member = 0; member < set.size; member++) {
            const state = set.dense[member];
            if (states[3 * state] !== 6) continue;
            const argument = states[3 * state + 1];
            const [setIndex, , max] = counters[argument];
            const length = this.scalar(offset);
            if (length > 0 && fsFindRange(sets[setIndex], this.value) >= 0) {
                this.counts[argument].increment(max, length);
            } else {
                this.counts[argument].clear();
            }
        }
    }
}

/**
 * The counting set of one counter state (PikeVM.swift's CountingSet): the counts with which the
 * repetition has reached the current position, kept as the stamps `ticks - count` of when each
 * started. Bounded counters keep their live stamps as bits in a ring of `width` bits; unbounded
 * ones (`width` 0) only the oldest stamp, the one that decides whether the state may exit.
 */
class CountingSet {
    constructor(width) {
        this.width = width;
        this.ticks = 0;
        this.oldest = 0;
        this.newest = 0;
        this.empty = true;
        /** The length of the scalar the last step read when it incremented the counts; 0 when it emptied them. */
        this.advance = 0;
        this.bits = null;
    }

    /** Adds the count 0 (a new start at the current position). */
    add() {
        if (this.empty) {
            this.oldest = this.newest = this.ticks;
            this.empty = false;
            if (this.width > 0) this.set(this.ticks);
        } else if (this.width > 0 && this.newest !== this.ticks) {
            this.newest = this.ticks;
            this.set(this.ticks);
        }
    }

    /** Whether some count is at least `min`. */
    reaches(min) {
        return !this.empty && this.ticks - this.oldest >= min;
    }

    /** Increments every count, dropping those above `max` (-1: unbounded). */
    increment(max, length) {
        if (this.empty) {
            this.advance = 0;
            return;
        }
        this.ticks++;
        if (max >= 0) {
            while (!this.empty && this.ticks - this.oldest > max) {
                this.unset(this.oldest);
                if (this.oldest === this.newest) this.empty = true;
                else this.oldest = this.nextStamp(this.oldest);
            }
        }
        this.advance = this.empty ? 0 : length;
    }

    /** Drops every count. */
    clear() {
        this.advance = 0;
        if (this.empty) return;
        this.empty = true;
        if (this.width === 0) return;
        for (let stamp = this.oldest; ; stamp = this.nextStamp(stamp)) {
            this.unset(stamp);
            if (stamp === this.newest) return;
        }
    }

    set(stamp) {
        this.bits ??= new Uint32Array((this.width + 31) >> 5);
        const slot = stamp % this.width;
        this.bits[slot >> 5] |= 1 << (slot & 31);
    }

    unset(stamp) {
        const slot = stamp % this.width;
        this.bits[slot >> 5] &= ~(1 << (slot & 31));
    }

    /** The first live stamp after `stamp`; there is one (`newest` at the latest). */
    nextStamp(stamp) {
        let next = stamp + 1;
        while (next < this.newest) {
            const slot = next % this.width;
            const word = this.bits[slot >> 5] >>> (slot & 31);
            // Bits past `width` in the last word are never set.
            if (word !== 0) return Math.min(next + 31 - Math.clz32(word & -word), this.newest);
            next += Math.min(32 - (slot & 31), this.width - slot);
        }
        return this.newest;
    }
}
