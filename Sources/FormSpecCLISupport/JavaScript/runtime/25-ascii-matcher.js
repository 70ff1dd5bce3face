// The ASCII matcher of the emitter's `generated-validator` feature (JavaScriptValidatorEmitter.swift):
// what its validator's patterns run on when they are not tested as a class of characters.
//
//   fsASCIIMatcher(dfa)   a DFA (20-patterns.js) as a matcher with its `isMatchText(text)`
/*! @feature generated-validator */
/**
 * A DFA's `isMatchText` for the generated validator, where most text is ASCII: the DFA's steps for
 * the 128 ASCII characters as one table of 128 columns a state, so a character is one load (the
 * DFA takes two, its byte class then the step). At the first other character the DFA reads the
 * text. A DFA of more states than such a table is worth is its own matcher.
 */
function fsASCIIMatcher(dfa) {
    const classCount = dfa.classCount;
    const states = dfa.table.length / classCount;
    return states > 1024 ? dfa : new ASCIIMatcher(dfa, states);
}

class ASCIIMatcher {
    constructor(dfa, states) {
        const classCount = dfa.classCount;
        // State 0 is "no match can follow", 1 "a match ended", and DFA state k is k + 2.
        const table = states + 2 <= 256 ? new Uint8Array((states + 2) * 128) : new Uint16Array((states + 2) * 128);
        table.fill(1, 128, 256);
        this.eof = new Uint8Array(states + 2);
        this.eof[1] = 1;
        for (let state = 1; state < states; state++) {
            for (let code = 0; code < 128; code++) {
                const entry = dfa.table[state * classCount + dfa.classes[code]];
                table[(state + 2) * 128 + code] = (entry & 1) !== 0 ? 1 : entry === 0 ? 0 : (entry >> 1) / classCount + 2;
            }
            this.eof[state + 2] = dfa.eofMatch[state * classCount];
        }
        this.table = table;
        this.start = dfa.startRow / classCount + 2;
        this.dfa = dfa;
    }

    isMatchText(text) {
        const table = this.table;
        let state = this.start;
        for (let index = 0; index < text.length; index++) {
            const code = text.charCodeAt(index);
            if (code >= 0x80) return this.dfa.isMatchText(text);
            state = table[(state << 7) | code];
            if (state < 2) return state === 1;
        }
        return this.eof[state] === 1;
    }
}
