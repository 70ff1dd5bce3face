// A list's items written once (RepeatedItems.swift): the program's JSON holds a list's first item
// and how many items it has, and the runtime makes the others, as Swift's `RepeatedItems` does.
// Only a module whose program writes a list's items once has this piece (JavaScriptEmitter's
// `repeated-items` feature).

/*! @feature repeated-items */
/**
 * The program's fields, each list whose items the program writes once (`{"items": {"list", "count",
 * "fields"}}` after the list's own field, its first item's fields written the same way) with its
 * items made from the first: item k is the first
 * with `.0` made `.k` in its names, every reference to a field of the first item moved k items on,
 * and the test that the item exists (the list has more than 0 items) asking for more than k.
 */
function fsExpandFields(entries) {
    const fields = [];
    for (const entry of entries) {
        if (!fsHas(entry, "items")) {
            fields.push(entry);
            continue;
        }
        const { list, count } = entry.items;
        // The first item's fields, a list inside it made the same way.
        const first = fsExpandFields(entry.items.fields);
        for (const field of first) fields.push(field);
        for (let item = 1; item < count; item++) {
            const shift = new FsItemShift(list, first, item);
            for (const field of first) fields.push(shift.field(field));
        }
    }
    return fields;
}

/** Makes item `item` of list `list` from its first item's fields' JSON (RepeatedItems.swift's ItemShift). */
class FsItemShift {
    constructor(list, first, item) {
        this.list = list;
        this.start = list + 1;
        this.end = list + 1 + first.length;
        this.item = item;
        this.distance = item * first.length;
        this.firstName = first[0].name;
        this.name = this.firstName.slice(0, -1) + String(item);
    }

    index(index) { return index >= this.start && index < this.end ? index + this.distance : index; }

    field(json) {
        const field = { ...json, name: this.name + json.name.slice(this.firstName.length) };
        if (json.condition !== undefined) field.condition = this.condition(json.condition);
        field.rules = json.rules.map((rule) => this.rule(rule));
        field.reads = json.reads.map((read) => this.index(read)).sort((a, b) => a - b);
        return field;
    }

    rule(json) {
        const rule = { ...json };
        if (json.condition !== undefined) rule.condition = this.condition(json.condition);
        const [name] = Object.keys(json.rule);
        const payload = json.rule[name];
        let moved = payload;
        switch (name) {
            case "equality": case "range": moved = { ...payload, operand: this.operand(payload.operand) }; break;
            case "field_comparison": moved = { ...payload, other: this.index(payload.other) }; break;
            case "all": case "any": moved = payload.map((item) => this.rule(item)); break;
            case "not": moved = this.rule(payload); break;
            default:
                if (fsHas(fsValueRules, name) && fsValueRules[name].moved !== undefined) moved = fsValueRules[name].moved(payload, this);
        }
        rule.rule = { [name]: moved };
        return rule;
    }

    operand(json) {
        if (fsHas(json, "field")) return { field: this.index(json.field) };
        if (fsHas(json, "field_offset")) return { field_offset: { ...json.field_offset, field: this.index(json.field_offset.field) } };
        return json;
    }

    condition(json) {
        if (fsHas(json, "field")) {
            const [test] = Object.keys(json).filter((key) => key !== "field");
            const value = json[test];
            if (json.field === this.list && test === "greater_than" && fsHas(value, "literal")
                && Object.keys(value).length === 1 && Object.keys(value.literal).length === 1 && value.literal.integer === 0) {
                return { field: this.list, greater_than: { literal: { integer: this.item } } };
            }
            const moved = { ...json, field: this.index(json.field) };
            // `contains` reads the list's items; any other test compares with an operand
            // (ProgramCoding.swift's `Condition.init(from:)`).
            if (test === "contains") moved.contains = { ...value, items: value.items.map((item) => this.index(item)) };
            else if (!fsPlainTests.includes(test)) moved[test] = this.operand(value);
            return moved;
        }
        const [name] = Object.keys(json);
        switch (name) {
            case "all": case "any": return { [name]: json[name].map((condition) => this.condition(condition)) };
            case "not": return { not: this.condition(json.not) };
            default: return json;
        }
    }
}

/** The tests of a field condition that take no operand. */
const fsPlainTests = ["equals", "not_equals", "one_of", "empty", "matches"];
