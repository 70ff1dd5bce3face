// JSON in and out: the runtime's `Value`s read from JSON text (JSON/JSONReader.swift), from JS
// values (the public `validate(object)`) and from the program JSON, and written back
// (JSON/JSONWriter.swift).
//
// Interface (names other pieces use):
//   class FsObject { members }           Value.object: `members` is [[key, value], ...] in input order
//   class FsJSONError { message, line, column }   JSONReader.Error (an Error)
//   fsParseJSON(text) -> Value           JSONReader.parse: strict RFC 8259;
//                                        integers that fit Int64 as bigint, other numbers as
//                                        ExactDecimal; throws FsJSONError (duplicate keys refused)
//   fsParseInput(text) -> Value          for validateJSON: fsParseJSON, throwing (as the CLI says it)
//                                        FormSpecError("invalid JSON at column N: MESSAGE")
//   fsValueFromJS(value) -> Value        for validate(object): the Value of JSON.stringify(value)
//                                        (undefined members left out, toJSON honoured); throws
//                                        FormSpecError for other undefined, NaN, Infinity,
//                                        functions, symbols, cycles, nesting deeper than 200
//   fsValueFromProgram(json) -> Value    a `Value` of the program JSON (a field's `defaultValue`),
//                                        as Value's Codable decodes it (objects' keys sorted)
//   fsValueKindDescription(value) -> string   Value.kindDescription ("null", "a boolean", "a number",
//                                        "a string", "an array", "an object")
//   fsJSONString(text) -> string         JSONWriter.appendString: the quoted JSON literal
//   fsWriteJSON(value) -> string         JSONWriter.write(value): compact JSON of a Value
//
// Values (the contract): null; true/false; strings; bigint (Value.integer); ExactDecimal
// (Value.number); arrays; FsObject.

/** A JSON object: `members` is [[key, value], ...] in input order (Value.object). */
class FsObject {
    constructor(members) {
        this.members = members;
    }
}

/** Why a text is not acceptable JSON, and where: 1-based line, column in Unicode scalars. */
class FsJSONError extends Error {
    constructor(message, line, column) {
        super(message);
        this.name = "FsJSONError";
        this.line = line;
        this.column = column;
    }
}

/** `JSONReader.maxDepth`. */
const FS_JSON_MAX_DEPTH = 200;

/**
 * Parses one JSON document (JSON/JSONReader.swift): strict RFC 8259, duplicate keys refused,
 * nesting bounded. Positions are UTF-16 indices here; errors are placed as Swift places them in
 * the UTF-8 bytes (columns count scalars). Lone surrogates in `text` read as U+FFFD, as its
 * UTF-8 encoding would carry them.
 */
function fsParseJSON(text) {
    if (!text.isWellFormed()) text = text.toWellFormed();
    const reader = new FsJSONReader(text);
    reader.skipWhitespace();
    const value = reader.parseValue();
    reader.skipWhitespace();
    if (reader.position < text.length) throw reader.error("unexpected text after the JSON value");
    return value;
}

class FsJSONReader {
    constructor(text) {
        this.text = text;
        this.position = 0;
        this.depth = 0;
    }

    /** An FsJSONError at `offset` (default: the current position). */
    error(message, offset = this.position) {
        const text = this.text;
        const end = Math.min(offset, text.length);
        let line = 1;
        let column = 1;
        for (let index = 0; index < end; index++) {
            const code = text.charCodeAt(index);
            if (code === 10) {
                line++;
                column = 1;
            } else if (code < 0xDC00 || code > 0xDFFF) {
                // A low surrogate continues its pair's scalar.
                column++;
            }
        }
        return new FsJSONError(message, line, column);
    }

    /** Whether at least `count` UTF-8 bytes remain (Swift's bounds checks count bytes). */
    bytesRemain(count) {
        const text = this.text;
        let bytes = 0;
        for (let index = this.position; index < text.length && bytes < count; index++) {
            const code = text.charCodeAt(index);
            bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xD800 && code <= 0xDBFF ? 4 :
                code >= 0xDC00 && code <= 0xDFFF ? 0 : 3;
        }
        return bytes >= count;
    }

    skipWhitespace() {
        const text = this.text;
        let position = this.position;
        while (position < text.length) {
            const code = text.charCodeAt(position);
            if (code !== 0x20 && code !== 0x0A && code !== 0x0D && code !== 0x09) break;
            position++;
        }
        this.position = position;
    }

    parseValue() {
        if (this.position >= this.text.length) throw this.error("unexpected end of input, expected a value");
        const code = this.text.charCodeAt(this.position);
        switch (code) {
            case 0x7B: return this.parseObject();
            case 0x5B: return this.parseArray();
            case 0x22: return this.parseString();
            case 0x74: this.expect("true"); return true;
            case 0x66: this.expect("false"); return false;
            case 0x6E: this.expect("null"); return null;
            default:
                if (code === 0x2D || (code >= 0x30 && code <= 0x39)) return this.parseNumber();
                throw this.error("unexpected character, expected a value");
        }
    }

    expect(word) {
        // A misspelt literal even where the input ends before the word would; only a true start of
        // the word cut off by the end is a short input (the words are ASCII: one byte a unit).
        const rest = this.text.slice(this.position, this.position + word.length);
        if (!word.startsWith(rest)) throw this.error(`invalid literal, expected '${word}'`);
        if (rest.length < word.length) throw this.error("unexpected end of input");
        this.position += word.length;
    }

    enter() {
        this.depth++;
        if (this.depth > FS_JSON_MAX_DEPTH) throw this.error(`nesting is deeper than ${FS_JSON_MAX_DEPTH} levels`);
    }

    parseObject() {
        this.enter();
        this.position++;
        const text = this.text;
        const members = [];
        // Duplicates found by a scan while the object is small, by a set once it grows.
        let keys = null;
        this.skipWhitespace();
        if (text.charCodeAt(this.position) === 0x7D) {
            this.position++;
            this.depth--;
            return new FsObject(members);
        }
        while (true) {
            this.skipWhitespace();
            if (text.charCodeAt(this.position) !== 0x22) throw this.error("expected a string key");
            const keyStart = this.position;
            const key = this.parseString();
            let duplicate = false;
            if (members.length < 16) {
                for (const member of members) {
                    if (member[0] === key) {
                        duplicate = true;
                        break;
                    }
                }
            } else {
                keys ??= new Set(members.map((member) => member[0]));
                duplicate = keys.has(key);
                keys.add(key);
            }
            if (duplicate) {
                // A nested object may be a secret's value: quote only the keys that name fields.
                throw this.error(this.depth === 1 ? `duplicate key "${key}"` : "duplicate key in a nested object", keyStart);
            }
            this.skipWhitespace();
            if (text.charCodeAt(this.position) !== 0x3A) throw this.error("expected ':'");
            this.position++;
            this.skipWhitespace();
            members.push([key, this.parseValue()]);
            this.skipWhitespace();
            if (this.position >= text.length) throw this.error("unexpected end of input, expected ',' or '}'");
            const code = text.charCodeAt(this.position);
            if (code === 0x2C) {
                this.position++;
                continue;
            }
            if (code !== 0x7D) throw this.error("expected ',' or '}'");
            this.position++;
            this.depth--;
            return new FsObject(members);
        }
    }

    parseArray() {
        this.enter();
        this.position++;
        const text = this.text;
        const items = [];
        this.skipWhitespace();
        if (text.charCodeAt(this.position) === 0x5D) {
            this.position++;
            this.depth--;
            return items;
        }
        while (true) {
            this.skipWhitespace();
            items.push(this.parseValue());
            this.skipWhitespace();
            if (this.position >= text.length) throw this.error("unexpected end of input, expected ',' or ']'");
            const code = text.charCodeAt(this.position);
            if (code === 0x2C) {
                this.position++;
                continue;
            }
            if (code !== 0x5D) throw this.error("expected ',' or ']'");
            this.position++;
            this.depth--;
            return items;
        }
    }

    parseString() {
        const text = this.text;
        const start = ++this.position;
        let position = start;
        // Fast path: no escapes, so the text between the quotes is the string.
        while (position < text.length) {
            const code = text.charCodeAt(position);
            if (code === 0x22) {
                this.position = position + 1;
                return text.slice(start, position);
            }
            if (code === 0x5C) break;
            if (code < 0x20) {
                this.position = position;
                throw this.error("control character in string");
            }
            position++;
        }
        let result = text.slice(start, position);
        let run = position;
        while (position < text.length) {
            const code = text.charCodeAt(position);
            if (code === 0x22) {
                this.position = position + 1;
                return result + text.slice(run, position);
            }
            if (code === 0x5C) {
                result += text.slice(run, position);
                position++;
                if (position >= text.length) break;
                const escape = text.codePointAt(position);
                position += escape > 0xFFFF ? 2 : 1;
                this.position = position;
                switch (escape) {
                    case 0x22: case 0x5C: case 0x2F: result += String.fromCharCode(escape); break;
                    case 0x62: result += "\b"; break;
                    case 0x66: result += "\f"; break;
                    case 0x6E: result += "\n"; break;
                    case 0x72: result += "\r"; break;
                    case 0x74: result += "\t"; break;
                    case 0x75: {
                        let code = this.parseHex4();
                        if (code >= 0xD800 && code <= 0xDBFF) {
                            if (text.charCodeAt(this.position) !== 0x5C || text.charCodeAt(this.position + 1) !== 0x75) {
                                throw this.error("unpaired surrogate in \\u escape");
                            }
                            this.position += 2;
                            const low = this.parseHex4();
                            if (low < 0xDC00 || low > 0xDFFF) throw this.error("unpaired surrogate in \\u escape");
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                        } else if (code >= 0xDC00 && code <= 0xDFFF) {
                            throw this.error("unpaired surrogate in \\u escape");
                        }
                        result += String.fromCodePoint(code);
                        break;
                    }
                    default: throw this.error("invalid escape sequence");
                }
                position = this.position;
                run = position;
                continue;
            }
            if (code < 0x20) {
                this.position = position;
                throw this.error("control character in string");
            }
            position++;
        }
        throw this.error("unterminated string", start - 1);
    }

    parseHex4() {
        if (!this.bytesRemain(4)) throw this.error("invalid \\u escape");
        let code = 0;
        for (let count = 0; count < 4; count++) {
            const byte = this.text.charCodeAt(this.position);
            let digit;
            if (byte >= 0x30 && byte <= 0x39) digit = byte - 0x30;
            else if (byte >= 0x61 && byte <= 0x66) digit = byte - 0x61 + 10;
            else if (byte >= 0x41 && byte <= 0x46) digit = byte - 0x41 + 10;
            else throw this.error("invalid \\u escape");
            code = code * 16 + digit;
            this.position++;
        }
        return code;
    }

    parseNumber() {
        const text = this.text;
        const start = this.position;
        let isIntegral = true;
        if (text.charCodeAt(this.position) === 0x2D) this.position++;
        const integerDigits = this.digits();
        if (integerDigits === 0) throw this.error("invalid number");
        if (integerDigits > 1 && text.charCodeAt(this.position - integerDigits) === 0x30) {
            throw this.error("invalid number: leading zero", start);
        }
        if (text.charCodeAt(this.position) === 0x2E) {
            isIntegral = false;
            this.position++;
            if (this.digits() === 0) throw this.error("invalid number: expected digits after '.'");
        }
        let code = text.charCodeAt(this.position);
        if (code === 0x65 || code === 0x45) {
            isIntegral = false;
            this.position++;
            code = text.charCodeAt(this.position);
            if (code === 0x2B || code === 0x2D) this.position++;
            if (this.digits() === 0) throw this.error("invalid number: expected exponent digits");
        }
        const number = fsJSONNumber(text.slice(start, this.position), isIntegral);
        if (number === null) throw this.error("invalid number: exponent too large", start);
        return number;
    }

    digits() {
        const text = this.text;
        const first = this.position;
        while (this.position < text.length) {
            const code = text.charCodeAt(this.position);
            if (code < 0x30 || code > 0x39) break;
            this.position++;
        }
        return this.position - first;
    }
}

/**
 * `JSONReader.number`: the Value of number text in JSON's grammar: a bigint for a whole number that
 * fits Int64 (`55`, `55.0`, `5.5e1`), else its ExactDecimal (infinite `double` beyond range).
 */
function fsJSONNumber(text, isIntegral) {
    // Most numbers in form input are small integers.
    if (isIntegral && text.length <= 18) return BigInt(text);
    const number = fsDecimalNumber(text);
    if (number === null) return null;
    return number.integer !== null ? number.integer : number.exact;
}

/**
 * The input of `validateJSON`: the Value the text writes, errors worded as `formspec validate`
 * words a JSON Lines record's (Evaluation/RecordValidator.swift). Unlike the CLI, a repeated key
 * is kept (`Program.validate` of such a Value reads them in order), not refused. A leading byte
 * order mark is skipped, as the CLI skips one before a document or an input's first line.
 */
function fsParseInput(text) {
    if (typeof text !== "string") throw new FormSpecError("validateJSON takes JSON text (a string)");
    if (text.charCodeAt(0) === 0xFEFF) text = text.slice(1);
    try {
        return fsParseJSON(text);
    } catch (error) {
        if (!(error instanceof FsJSONError)) throw error;
        let blank = true;
        for (let index = 0; index < text.length && blank; index++) {
            const code = text.charCodeAt(index);
            blank = code === 0x20 || code === 0x09;
        }
        if (blank) throw new FormSpecError("empty line: expected a JSON object");
        throw new FormSpecError(`invalid JSON at column ${error.column}: ${error.message}`);
    }
}

/**
 * A JS value as the Value its JSON text (`JSON.stringify`) would read as: objects' own enumerable
 * keys in order (members whose value is undefined left out, as JSON.stringify leaves them), `toJSON`
 * honoured, numbers read from their shortest round-trip text (`String(n)`), bigints from their
 * digits, lone surrogates as U+FFFD. Anything JSON cannot hold is a FormSpecError.
 */
function fsValueFromJS(value, depth = 0, ancestors = []) {
    switch (typeof value) {
        case "string": return value.isWellFormed() ? value : value.toWellFormed();
        case "boolean": return value;
        case "number":
            // A safe integer's text is at most 16 digits: the bigint `fsJSONNumber` would read.
            if (Number.isSafeInteger(value)) return BigInt(value);
            if (!Number.isFinite(value)) throw new FormSpecError(`input is not JSON: a number that is ${value}`);
            return fsJSONNumber(String(value), Number.isInteger(value) && Math.abs(value) < 1e21);
        case "bigint": return fsJSONNumber(String(value), true);
        case "object": break;
        default: throw new FormSpecError(`input is not JSON: ${value === undefined ? "undefined" : "a " + typeof value}`);
    }
    if (value === null) return null;
    if (typeof value.toJSON === "function") return fsValueFromJS(value.toJSON(), depth, ancestors);
    if (depth >= FS_JSON_MAX_DEPTH) throw new FormSpecError(`input nests deeper than ${FS_JSON_MAX_DEPTH} levels`);
    if (ancestors.includes(value)) throw new FormSpecError("input is not JSON: it contains itself");
    ancestors.push(value);
    let result;
    if (Array.isArray(value)) {
        result = new Array(value.length);
        for (let index = 0; index < value.length; index++) result[index] = fsValueFromJS(value[index], depth + 1, ancestors);
    } else {
        const members = [];
        for (const key of Object.keys(value)) {
            const member = value[key];
            if (member === undefined) continue;
            members.push([key.isWellFormed() ? key : key.toWellFormed(), fsValueFromJS(member, depth + 1, ancestors)]);
        }
        result = new FsObject(members);
    }
    ancestors.pop();
    return result;
}

/**
 * A Value of the program JSON (a field's `defaultValue`), as Value's Codable decodes it: whole
 * numbers as bigint, other numbers as the decimal their double stands for, objects' keys sorted.
 */
function fsValueFromProgram(json) {
    // Integers past 2^53 come as bigint literals (JavaScriptEmitter writes them so).
    if (json === null || typeof json === "boolean" || typeof json === "string" || typeof json === "bigint") return json;
    if (typeof json === "number") {
        return Number.isSafeInteger(json) ? BigInt(json) : ExactDecimal.fromDouble(json);
    }
    if (Array.isArray(json)) return json.map(fsValueFromProgram);
    return new FsObject(Object.keys(json).sort().map((key) => [key, fsValueFromProgram(json[key])]));
}

/** `Value.kindDescription`: a word for the value's kind, for messages. */
function fsValueKindDescription(value) {
    if (value === null) return "null";
    switch (typeof value) {
        case "boolean": return "a boolean";
        case "bigint": return "a number";
        case "string": return "a string";
        default:
            if (value instanceof ExactDecimal) return "a number";
            return Array.isArray(value) ? "an array" : "an object";
    }
}

/**
 * `JSONWriter.appendString`: `text` as a JSON string literal: `"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`
 * escaped so, the other controls as `\u00xx` (lowercase hex), everything else as it is. That is
 * JSON.stringify's output for well-formed text; a lone surrogate (which a Swift string cannot
 * hold) is written as U+FFFD.
 */
function fsJSONString(text) {
    return JSON.stringify(text.isWellFormed() ? text : text.toWellFormed());
}

/** `JSONWriter.write(value)`: a Value as compact JSON, object members in their order. */
function fsWriteJSON(value) {
    if (value === null) return "null";
    switch (typeof value) {
        case "boolean": case "bigint": return String(value);
        case "string": return fsJSONString(value);
        default:
            if (value instanceof ExactDecimal) return value.description;
            if (Array.isArray(value)) return "[" + value.map(fsWriteJSON).join(",") + "]";
            return "{" + value.members.map(([key, member]) => fsJSONString(key) + ":" + fsWriteJSON(member)).join(",") + "}";
    }
}
