// Text as Swift sees it: UTF-8, Unicode scalars, extended grapheme clusters (`String.count`,
// `Character`), the character properties rules read, and FormSpec's case folding. The tables are in
// 05-unicode-data.js, generated from Swift; JavaScriptUnicodeTests proves these functions give
// Swift's answers for every scalar and for random strings.
//
// Strings are well-formed in the runtime; should a lone surrogate get in, it reads as U+FFFD, as
// TextEncoder encodes it.

// MARK: Tables

/** The numbers of a generated table (base-32 digits, see 05-unicode-data.js). */
function fsDecodeNumbers(text) {
    const numbers = [];
    let number = 0;
    for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        if (code >= 48 && code <= 57) {
            numbers.push(number * 32 + code - 48);
            number = 0;
        } else if (code >= 65 && code <= 86) {
            numbers.push(number * 32 + code - 55);
            number = 0;
        } else {
            number = number * 32 + (code >= 97 ? code - 97 : 26 + "!#$%&*".indexOf(text[index]));
        }
    }
    return numbers;
}

/**
 * A table of scalar ranges, `width` numbers each: start, end, then the table's extra numbers
 * (05-unicode-data.js stores gaps and lengths; this undoes them).
 */
function fsRanges(text, width = 2) {
    const numbers = fsDecodeNumbers(text);
    const ranges = new Int32Array(numbers.length);
    let next = 0;
    for (let index = 0; index < numbers.length; index += width) {
        ranges[index] = next + numbers[index];
        ranges[index + 1] = ranges[index] + numbers[index + 1];
        for (let extra = 2; extra < width; extra++) ranges[index + extra] = numbers[index + extra];
        next = ranges[index + 1] + 1;
    }
    return ranges;
}

/** The index of the range of `ranges` (`width` numbers each) holding `scalar`, or -1. */
function fsFindRange(ranges, scalar, width = 2) {
    let low = 0;
    let high = ranges.length / width;
    while (low < high) {
        const middle = (low + high) >> 1;
        const at = middle * width;
        if (scalar < ranges[at]) high = middle;
        else if (scalar > ranges[at + 1]) low = middle + 1;
        else return at;
    }
    return -1;
}

/**
 * A membership test for a scalar set of 05-unicode-data.js, decoded on first use (`table` returns
 * the table's text, so a module that never calls the test may leave the table out).
 */
function fsScalarSet(table) {
    let ranges = null;
    const ascii = new Uint8Array(128);
    return (scalar) => {
        if (ranges === null) {
            ranges = fsRanges(table());
            for (let value = 0; value < 128; value++) ascii[value] = fsFindRange(ranges, value) >= 0 ? 1 : 0;
        }
        return scalar < 128 ? ascii[scalar] === 1 : fsFindRange(ranges, scalar) >= 0;
    };
}

/** `Unicode.Scalar.Properties.isAlphabetic`. */
const fsScalarIsAlphabetic = fsScalarSet(() => FS_ALPHABETIC);
/** `Unicode.Scalar.Properties.isWhitespace`. */
const fsScalarIsWhitespace = fsScalarSet(() => FS_WHITE_SPACE);
/** `Unicode.Scalar.Properties.numericType != nil`. */
const fsScalarIsNumeric = fsScalarSet(() => FS_NUMERIC);
/** `generalCategory == .decimalNumber`. */
const fsScalarIsDecimalDigit = fsScalarSet(() => FS_DECIMAL_NUMBER);
/** `Character(scalar).isUppercase`, `isLowercase`. */
const fsScalarIsUppercaseCharacter = fsScalarSet(() => FS_UPPERCASE_CHARACTER);
const fsScalarIsLowercaseCharacter = fsScalarSet(() => FS_LOWERCASE_CHARACTER);
/** Whether `String(scalar).uppercased()` (`lowercased()`) differs from `String(scalar)`. */
const fsScalarChangesWhenUppercased = fsScalarSet(() => FS_CHANGES_WHEN_UPPERCASED);
const fsScalarChangesWhenLowercased = fsScalarSet(() => FS_CHANGES_WHEN_LOWERCASED);
/** InCB=Consonant as the stdlib has it (`_isInCBConsonant`). */
const fsIsInCBConsonant = fsScalarSet(() => FS_INCB_CONSONANT);

// MARK: Scalars and UTF-8

/** The scalar at UTF-16 index `index` (a lone surrogate reads as U+FFFD). */
function fsScalarAt(text, index) {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) return unit;
    if (unit <= 0xdbff && index + 1 < text.length) {
        const low = text.charCodeAt(index + 1);
        if (low >= 0xdc00 && low <= 0xdfff) return (unit - 0xd800) * 0x400 + low - 0xdc00 + 0x10000;
    }
    return 0xfffd;
}

/** The UTF-16 length of `scalar` (1 for the U+FFFD of a lone surrogate). */
function fsScalarWidth(scalar) {
    return scalar > 0xffff ? 2 : 1;
}

const fsEncoder = new TextEncoder();

/** The UTF-8 bytes of `text` (Swift's `text.utf8`). */
function fsUTF8(text) {
    return fsEncoder.encode(text);
}

/** `text.utf8.count`. */
function fsUTF8Count(text) {
    let count = text.length;
    for (let index = 0; index < text.length; index++) {
        const unit = text.charCodeAt(index);
        if (unit < 0x80) continue;
        const scalar = fsScalarAt(text, index);
        // A scalar of 2 UTF-16 units is 4 bytes; units up to U+07FF are 2 bytes, the rest 3.
        if (scalar > 0xffff) {
            count += 2;
            index++;
        } else {
            count += scalar < 0x800 ? 1 : 2;
        }
    }
    return count;
}

/** `text.unicodeScalars.count`. */
function fsScalarCount(text) {
    let count = 0;
    for (let index = 0; index < text.length; index += fsScalarWidth(fsScalarAt(text, index))) count++;
    return count;
}

// MARK: Grapheme clusters (StringGraphemeBreaking.swift, GraphemeBreakProperty.swift)

// Swift's `Unicode._GraphemeBreakProperty` cases, as 05-unicode-data.js numbers them.
const FS_GB_ANY = 0, FS_GB_CONTROL = 1, FS_GB_EXTEND = 2, FS_GB_ZWJ = 3, FS_GB_SPACING_MARK = 4,
    FS_GB_PREPEND = 5, FS_GB_PICTOGRAPHIC = 6, FS_GB_REGIONAL_INDICATOR = 7, FS_GB_L = 8, FS_GB_V = 9,
    FS_GB_T = 10, FS_GB_LV = 11, FS_GB_LVT = 12;

/** `Unicode._GraphemeBreakProperty(from:)`: the stdlib's hard-coded ranges, then its table. */
function fsGraphemeBreak(scalar) {
    if (scalar <= 0x1f) return FS_GB_CONTROL;
    if (scalar <= 0x7e) return FS_GB_ANY;
    if (scalar === 0x200d) return FS_GB_ZWJ;
    if ((scalar >= 0x1100 && scalar <= 0x115f) || (scalar >= 0xa960 && scalar <= 0xa97c)) return FS_GB_L;
    if ((scalar >= 0x1160 && scalar <= 0x11a7) || (scalar >= 0xd7b0 && scalar <= 0xd7c6)) return FS_GB_V;
    if ((scalar >= 0x11a8 && scalar <= 0x11ff) || (scalar >= 0xd7cb && scalar <= 0xd7fb)) return FS_GB_T;
    if (scalar >= 0xac00 && scalar <= 0xd7a3) return scalar % 28 === 16 ? FS_GB_LV : FS_GB_LVT;
    if (scalar >= 0x1f1e6 && scalar <= 0x1f1ff) return FS_GB_REGIONAL_INDICATOR;
    if (scalar >= 0x1fc00 && scalar <= 0x1fffd) return FS_GB_PICTOGRAPHIC;
    if (scalar >= 0xe01f0 && scalar <= 0xe0fff) return FS_GB_CONTROL;
    const table = (fsGraphemeBreakTable ??= fsRanges(FS_GRAPHEME_BREAK, 3));
    const at = fsFindRange(table, scalar, 3);
    return at < 0 ? FS_GB_ANY : table[at + 2];
}

let fsGraphemeBreakTable = null;

/** `_quickHasGraphemeBreakBetween`'s ranges: scalars that break from each other whatever their class. */
function fsBreaksWhenPaired(x) {
    return (x >= 0x3400 && x <= 0xa4cf) || x <= 0x02ff || (x >= 0x3041 && x <= 0x3096) ||
        (x >= 0x30a1 && x <= 0x30fc) || (x >= 0x0400 && x <= 0x0482) || (x >= 0x061d && x <= 0x064a) ||
        (x >= 0xac00 && x <= 0xd7af) || (x >= 0x2010 && x <= 0x2029) || (x >= 0x3000 && x <= 0x3029) ||
        (x >= 0xff01 && x <= 0xff9d);
}

/** `_isInCBLinker`: the stdlib's six viramas. */
function fsIsInCBLinker(scalar) {
    return scalar === 0x94d || scalar === 0x9cd || scalar === 0xacd || scalar === 0xb4d || scalar === 0xc4d ||
        scalar === 0xd4d;
}

/** `_isInCBExtend`, for a scalar already known to be Extend or ZWJ. */
function fsIsInCBExtend(scalar) {
    return !(fsIsInCBConsonant(scalar) || fsIsInCBLinker(scalar) || scalar === 0x200c);
}

// `_GraphemeBreakingState`, fresh for each cluster (the walk is not reentrant).
let fsSeenLinker = false, fsInEmoji = false, fsInIndic = false, fsBreakRI = false;

/** `_GraphemeBreakingState.shouldBreak(between:and:)`, rule for rule. */
function fsShouldBreak(scalar1, scalar2) {
    if (scalar1 === 0x0d && scalar2 === 0x0a) return false;
    if (fsBreaksWhenPaired(scalar1) && fsBreaksWhenPaired(scalar2)) return true;
    const x = fsGraphemeBreak(scalar1);
    if (x === FS_GB_CONTROL) return true; // GB4
    // Swift's `defer`: both flags take these values whatever the decision.
    let enterEmoji = false, enterIndic = false;
    const y = fsGraphemeBreak(scalar2);
    let result;
    if (x === FS_GB_ANY && y === FS_GB_ANY) {
        result = true;
    } else if (y === FS_GB_CONTROL) { // GB5
        result = true;
    } else if (x === FS_GB_L && (y === FS_GB_L || y === FS_GB_V || y === FS_GB_LV || y === FS_GB_LVT)) { // GB6
        result = false;
    } else if ((x === FS_GB_LV || x === FS_GB_V) && (y === FS_GB_V || y === FS_GB_T)) { // GB7
        result = false;
    } else if ((x === FS_GB_LVT || x === FS_GB_T) && y === FS_GB_T) { // GB8
        result = false;
    } else if (y === FS_GB_EXTEND || y === FS_GB_ZWJ) { // GB9, with GB11's and GB9c's bookkeeping
        if (x === FS_GB_PICTOGRAPHIC || (fsInEmoji && x === FS_GB_EXTEND)) enterEmoji = true;
        const consonant = fsIsInCBConsonant(scalar1), extend = fsIsInCBExtend(scalar2);
        const linker = fsIsInCBLinker(scalar2);
        if (consonant && extend && !linker) {
            enterIndic = true;
        } else if (consonant && !extend && linker) {
            enterIndic = true;
            fsSeenLinker = true;
        } else if (!consonant && extend && !linker) {
            if (fsInIndic) enterIndic = true;
        } else if (!consonant && !extend && linker) {
            if (fsInIndic) {
                enterIndic = true;
                fsSeenLinker = true;
            }
        }
        result = false;
    } else if (y === FS_GB_SPACING_MARK || x === FS_GB_PREPEND) { // GB9a, GB9b
        result = false;
    } else if (x === FS_GB_ZWJ && y === FS_GB_PICTOGRAPHIC) { // GB11
        result = !fsInEmoji;
    } else if (x === FS_GB_REGIONAL_INDICATOR && y === FS_GB_REGIONAL_INDICATOR) { // GB12, GB13
        result = fsBreakRI;
        fsBreakRI = !fsBreakRI;
    } else if (fsInIndic && fsSeenLinker && fsIsInCBConsonant(scalar2)) { // GB9c
        fsSeenLinker = false;
        result = false;
    } else { // GB999
        result = true;
    }
    fsInEmoji = enterEmoji;
    fsInIndic = enterIndic;
    return result;
}

/**
 * The UTF-16 index where the character (extended grapheme cluster) starting at `index` ends
 * (`_nextGraphemeClusterBoundary`: a fresh state per cluster, no look-behind). `index` < length.
 */
function fsNextGraphemeEnd(text, index) {
    // Swift's fast path (`_opaqueCharacterStride`): two ASCII scalars other than CR LF break.
    if (index + 1 < text.length) {
        const unit = text.charCodeAt(index), next = text.charCodeAt(index + 1);
        if (unit < 0x80 && next < 0x80 && !(unit === 0x0d && next === 0x0a)) return index + 1;
    }
    fsSeenLinker = fsInEmoji = fsInIndic = fsBreakRI = false;
    let scalar = fsScalarAt(text, index);
    index += fsScalarWidth(scalar);
    while (index < text.length) {
        const next = fsScalarAt(text, index);
        if (fsShouldBreak(scalar, next)) break;
        index += fsScalarWidth(next);
        scalar = next;
    }
    return index;
}

/** `text.count`: the number of characters. */
function fsGraphemeCount(text) {
    let count = 0;
    for (let index = 0; index < text.length; index = fsNextGraphemeEnd(text, index)) count++;
    return count;
}

/** The characters of `text` (`Array(text)`), each a string. */
function fsCharacters(text) {
    const characters = [];
    for (let index = 0; index < text.length;) {
        const end = fsNextGraphemeEnd(text, index);
        characters.push(text.slice(index, end));
        index = end;
    }
    return characters;
}

// MARK: Character properties (CharacterProperties.swift)
//
// The `…In` forms read the character text[start..<end] without slicing it; the others take a
// character (one element of `fsCharacters`).

/** `Character.isLetter`: the first scalar is alphabetic. */
function fsIsLetter(character) {
    return fsScalarIsAlphabetic(fsScalarAt(character, 0));
}

/** `Character.isWhitespace`: the first scalar is white space. */
function fsIsWhitespace(character) {
    return fsScalarIsWhitespace(fsScalarAt(character, 0));
}

/** `Character.isNumber`: the first scalar has a numeric type. */
function fsIsNumber(character) {
    return fsScalarIsNumeric(fsScalarAt(character, 0));
}

/** Whether the first scalar is a decimal digit (general category Nd): ContainsRule's `digit`. */
function fsIsDecimalDigit(character) {
    return fsScalarIsDecimalDigit(fsScalarAt(character, 0));
}

/** `Character.isASCII`: one ASCII scalar, or "\r\n". */
function fsIsASCII(character) {
    return (character.length === 1 && character.charCodeAt(0) < 0x80) || character === "\r\n";
}

/** `Character.isUppercase`. */
function fsIsUppercase(character) {
    return fsIsCasedIn(character, 0, character.length, true);
}

/** `Character.isLowercase`. */
function fsIsLowercase(character) {
    return fsIsCasedIn(character, 0, character.length, false);
}

/**
 * `Character.isUppercase` (`upper`) or `isLowercase` of text[start..<end]. One scalar: the
 * stdlib's answer for it, from the table. Several: `_isUppercased && isCased`, which is "no scalar
 * changes when uppercased and one changes when lowercased" (`String.uppercased()` maps scalar by
 * scalar), and the mirror image for lowercase.
 */
function fsIsCasedIn(text, start, end, upper) {
    const first = fsScalarAt(text, start);
    if (start + fsScalarWidth(first) >= end) {
        return upper ? fsScalarIsUppercaseCharacter(first) : fsScalarIsLowercaseCharacter(first);
    }
    let changes = false;
    for (let index = start; index < end;) {
        const scalar = fsScalarAt(text, index);
        const uppercased = fsScalarChangesWhenUppercased(scalar);
        const lowercased = fsScalarChangesWhenLowercased(scalar);
        if (upper ? uppercased : lowercased) return false;
        if (upper ? lowercased : uppercased) changes = true;
        index += fsScalarWidth(scalar);
    }
    return changes;
}

// MARK: Rules

/** `min_length` / `max_length` (LengthRule.swift), from `{"bound", "limit", "unit"}`. */
class LengthRule {
    constructor(json) {
        this.bound = json.bound;
        // A limit past 2^53 is a BigInt in the module; as a number it compares the same with any length.
        this.limit = Number(json.limit);
        this.unit = json.unit;
    }

    /** Whether `text` is within the bound. */
    passes(text) {
        let length;
        switch (this.unit) {
            case "graphemes":
                // Counting graphemes walks the whole string, but a character is at least one UTF-16
                // unit: a text of no more units than a maximum is within it, one of fewer units
                // than a minimum is short of it.
                if (this.bound === "max" && text.length <= this.limit) return true;
                if (this.bound === "min" && text.length < this.limit) return false;
                length = LengthRule.asciiGraphemeCount(text) ?? fsGraphemeCount(text);
                break;
            case "scalars": length = fsScalarCount(text); break;
            case "utf8": length = fsUTF8Count(text); break;
            default: length = text.length; // utf16
        }
        return this.bound === "min" ? length >= this.limit : length <= this.limit;
    }

    /** The grapheme count of ASCII text ("\r\n" is one), or null when the text is not ASCII. */
    static asciiGraphemeCount(text) {
        let count = 0;
        let previous = 0;
        for (let index = 0; index < text.length; index++) {
            const unit = text.charCodeAt(index);
            if (unit >= 0x80) return null;
            if (!(unit === 0x0a && previous === 0x0d)) count++;
            previous = unit;
        }
        return count;
    }
}

// `ContainsRule.CharacterClass`'s cases, in declaration order: a class's code is its index.
const FS_CHARACTER_CLASSES = ["uppercase", "lowercase", "letter", "digit", "symbol", "whitespace"];

/** Per ASCII byte, the bits (1 << code) of the classes it belongs to. */
const fsASCIIClasses = Uint8Array.from({ length: 128 }, (_, byte) => {
    if (byte >= 0x41 && byte <= 0x5a) return 1 << 0 | 1 << 2;
    if (byte >= 0x61 && byte <= 0x7a) return 1 << 1 | 1 << 2;
    if (byte >= 0x30 && byte <= 0x39) return 1 << 3;
    if (byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)) return 1 << 5;
    return 1 << 4;
});

/** `contains: CLASS` with `count: N` (ContainsRule.swift), from `{"classes", "count"}`. */
class ContainsRule {
    constructor(json) {
        this.classes = json.classes;
        // A count past 2^53 is a BigInt in the module; as a number it compares the same with any count.
        this.count = Number(json.count);
        this.codes = Uint8Array.from(json.classes, (name) => FS_CHARACTER_CLASSES.indexOf(name));
        this.remaining = new Float64Array(json.classes.length);
    }

    /**
     * `CharacterClass.contains` (the class by name or code) for the character text[start..<end].
     * `symbol` is anything that is not a letter, a digit or whitespace.
     */
    static contains(characterClass, text, start, end) {
        const code = typeof characterClass === "number" ? characterClass : FS_CHARACTER_CLASSES.indexOf(characterClass);
        if (code <= 1) return fsIsCasedIn(text, start, end, code === 0);
        const first = fsScalarAt(text, start);
        switch (code) {
            case 2: return fsScalarIsAlphabetic(first);
            case 3: return fsScalarIsDecimalDigit(first);
            case 5: return fsScalarIsWhitespace(first);
            default:
                return !fsScalarIsAlphabetic(first) && !fsScalarIsDecimalDigit(first) && !fsScalarIsWhitespace(first);
        }
    }

    /** Whether `text` has at least `count` characters of every class. */
    passes(text) {
        const { codes, remaining } = this;
        if (codes.length === 0 || this.count <= 0) return true;
        remaining.fill(this.count);
        const ascii = this.passesASCII(text);
        if (ascii !== null) return ascii;
        remaining.fill(this.count);
        let unmet = codes.length;
        for (let start = 0; start < text.length;) {
            const end = fsNextGraphemeEnd(text, start);
            for (let index = 0; index < codes.length; index++) {
                if (remaining[index] > 0 && ContainsRule.contains(codes[index], text, start, end)) {
                    remaining[index]--;
                    if (remaining[index] === 0 && --unmet === 0) return true;
                }
            }
            start = end;
        }
        return false;
    }

    /** The same test for ASCII text, classifying bytes; null when the text is not ASCII. */
    passesASCII(text) {
        const { codes, remaining } = this;
        let unmet = codes.length;
        let previous = 0;
        for (let at = 0; at < text.length; at++) {
            const byte = text.charCodeAt(at);
            if (byte >= 0x80) return null;
            // "\r\n" is one grapheme: count it once.
            const skip = byte === 0x0a && previous === 0x0d;
            previous = byte;
            if (skip) continue;
            const classes = fsASCIIClasses[byte];
            for (let index = 0; index < codes.length; index++) {
                if (remaining[index] > 0 && ((classes >> codes[index]) & 1) !== 0) {
                    remaining[index]--;
                    if (remaining[index] === 0 && --unmet === 0) return true;
                }
            }
        }
        return false;
    }
}

// MARK: Case folding (CaseFolding.swift)

// Only rules with `case: insensitive` fold case: a module whose program has none leaves this part
// of the file out (the emitter's `case-folding` feature; JavaScriptRuntimeEmbeddingTests says how).
/*! @feature case-folding */

/**
 * Unicode full default case folding (CaseFolding.txt statuses C and F, never T), for comparing text
 * without regard to case.
 */
class CaseFolding {
    /** The folding of a scalar past ASCII: its scalars (an array of 2 or 3) or one scalar. */
    static fold(scalar) {
        if (fsFullFoldings === null) {
            const full = new Map(), simple = new Map();
            let numbers = fsDecodeNumbers(FS_FULL_FOLDING);
            for (let index = 0, previous = -1; index + 1 < numbers.length; index += 2 + numbers[index + 1]) {
                previous += 1 + numbers[index];
                full.set(previous, numbers.slice(index + 2, index + 2 + numbers[index + 1]));
            }
            numbers = fsDecodeNumbers(FS_SIMPLE_FOLDING);
            for (let index = 0, previous = -1; index + 1 < numbers.length; index += 2) {
                previous += 1 + numbers[index];
                const zigzag = numbers[index + 1];
                simple.set(previous, previous + (zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2));
            }
            fsFullFoldings = full;
            fsSimpleFoldings = simple;
        }
        return fsFullFoldings.get(scalar) ?? fsSimpleFoldings.get(scalar) ?? scalar;
    }

    /** Whether `fullFold(text)` is `text`: ASCII without an upper case letter. */
    static isFoldedASCII(text) {
        for (let index = 0; index < text.length; index++) {
            const unit = text.charCodeAt(index);
            if (unit >= 0x80 || (unit >= 0x41 && unit <= 0x5a)) return false;
        }
        return true;
    }

    /** The full default case folding of `text`, scalar by scalar. */
    static fullFold(text) {
        if (CaseFolding.isFoldedASCII(text)) return text;
        let out = "";
        const scalars = new FoldedScalars(text);
        for (let scalar = scalars.next(); scalar >= 0; scalar = scalars.next()) out += String.fromCodePoint(scalar);
        return out;
    }

    /** Whether `a` and `b` are equal under full default case folding. */
    static equal(a, b) {
        const ascii = CaseFolding.asciiEqual(a, b);
        if (ascii !== null) return ascii;
        const left = new FoldedScalars(a), right = new FoldedScalars(b);
        while (true) {
            const x = left.next();
            if (x !== right.next()) return false;
            if (x < 0) return true;
        }
    }

    /** `equal` for ASCII, or null as soon as a scalar past ASCII could change the answer (`ß` folds to `ss`). */
    static asciiEqual(a, b) {
        const common = Math.min(a.length, b.length);
        for (let index = 0; index < common; index++) {
            const x = a.charCodeAt(index), y = b.charCodeAt(index);
            if (x >= 0x80 || y >= 0x80) return null;
            if (x !== y && ((x | 0x20) !== (y | 0x20) || (x | 0x20) - 0x61 >= 26 || (x | 0x20) < 0x61)) return false;
        }
        const rest = a.length > common ? a : b;
        for (let index = common; index < rest.length; index++) if (rest.charCodeAt(index) >= 0x80) return null;
        return a.length === b.length;
    }

    /**
     * Whether `needle`'s folding occurs in `haystack`'s folding (Knuth–Morris–Pratt over folded
     * scalars). An empty needle occurs.
     */
    static contains(haystack, needle) {
        const pattern = [];
        const folding = new FoldedScalars(needle);
        for (let scalar = folding.next(); scalar >= 0; scalar = folding.next()) pattern.push(scalar);
        if (pattern.length === 0) return true;
        // failure[i]: the length of the longest proper border of pattern[0...i].
        const failure = new Int32Array(pattern.length);
        let border = 0;
        for (let index = 1; index < pattern.length; index++) {
            while (border > 0 && pattern[index] !== pattern[border]) border = failure[border - 1];
            if (pattern[index] === pattern[border]) border++;
            failure[index] = border;
        }
        let matched = 0;
        const text = new FoldedScalars(haystack);
        for (let scalar = text.next(); scalar >= 0; scalar = text.next()) {
            while (matched > 0 && scalar !== pattern[matched]) matched = failure[matched - 1];
            if (scalar === pattern[matched]) matched++;
            if (matched === pattern.length) return true;
        }
        return false;
    }
}

/** Scalars whose full folding is more than one scalar, and the simple foldings past ASCII, decoded on first use. */
let fsFullFoldings = null, fsSimpleFoldings = null;

/** The scalars of a text's full default case folding, one at a time (`CaseFolding.FoldedScalars`). */
class FoldedScalars {
    constructor(text) {
        this.text = text;
        this.index = 0;
        /** The rest of a multi-scalar folding, from `pendingAt`. */
        this.pending = null;
        this.pendingAt = 0;
    }

    /** The next folded scalar, or -1 at the end. */
    next() {
        if (this.pending !== null) {
            const value = this.pending[this.pendingAt++];
            if (this.pendingAt === this.pending.length) this.pending = null;
            return value;
        }
        if (this.index >= this.text.length) return -1;
        const scalar = fsScalarAt(this.text, this.index);
        this.index += fsScalarWidth(scalar);
        if (scalar < 0x80) return scalar >= 0x41 && scalar <= 0x5a ? scalar | 0x20 : scalar;
        const folded = CaseFolding.fold(scalar);
        if (typeof folded === "number") return folded;
        this.pending = folded;
        this.pendingAt = 1;
        return folded[0];
    }
}

// MARK: The pattern matcher's input

// Only the pattern matcher (20-patterns.js) reads text as these bytes: a module whose program has
// no pattern leaves them out (the emitter's `patterns` feature).
/*! @feature patterns */

/** A buffer `fsUTF8Scratch` reuses. */
let fsScratchBytes = new Uint8Array(256);

/**
 * Encodes `text` as UTF-8 into `fsScratchBytes` (grown as needed; valid until the next call) and
 * returns the byte count: the pattern matcher's input, with no allocation per call.
 */
function fsUTF8Scratch(text) {
    if (text.length * 3 > fsScratchBytes.length) fsScratchBytes = new Uint8Array(text.length * 3 + 256);
    const bytes = fsScratchBytes;
    let count = 0;
    for (let index = 0; index < text.length; index++) {
        let scalar = text.charCodeAt(index);
        if (scalar < 0x80) {
            bytes[count++] = scalar;
            continue;
        }
        if (scalar >= 0xd800 && scalar <= 0xdfff) {
            scalar = fsScalarAt(text, index);
            if (scalar > 0xffff) index++;
        }
        if (scalar < 0x800) {
            bytes[count++] = 0xc0 | (scalar >> 6);
        } else {
            if (scalar < 0x10000) {
                bytes[count++] = 0xe0 | (scalar >> 12);
            } else {
                bytes[count++] = 0xf0 | (scalar >> 18);
                bytes[count++] = 0x80 | ((scalar >> 12) & 0x3f);
            }
            bytes[count++] = 0x80 | ((scalar >> 6) & 0x3f);
        }
        bytes[count++] = 0x80 | (scalar & 0x3f);
    }
    return count;
}
