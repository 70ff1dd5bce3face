@_spi(Tooling) public import FormSpecRuntime

/// A list field of a live form as its items: what generated `LiveFields` give for each list
/// (`live.contacts[1].phone.text`, `live.contacts.append()`), so a view binds items by property
/// instead of by path.
///
/// Positions count the items that have fields: a list holds at most its `max_items` (or the
/// compiler's item capacity), and an item past that has no fields to edit.
@MainActor
public struct LiveList<Item> {
    /// The live form.
    public let form: LiveForm
    /// The list's path (`contacts`, `order.lines`).
    public let name: String
    private let makeItem: @MainActor (LiveForm, Int) -> Item

    /// A list `name` of `form` whose item at a position `makeItem` builds.
    public init(form: LiveForm, name: String, item makeItem: @escaping @MainActor (LiveForm, Int) -> Item) {
        self.form = form
        self.name = name
        self.makeItem = makeItem
    }

    /// How many items the list has now.
    public var count: Int { form.itemCount(of: name) ?? 0 }

    /// The positions of the items, for `ForEach(live.contacts.indices, id: \.self)`.
    public var indices: Range<Int> { 0..<count }

    /// The item at `position` (`0..<count`).
    public subscript(position: Int) -> Item {
        precondition(indices.contains(position), "item \(position) of '\(name)' is out of range 0..<\(count)")
        return makeItem(form, position)
    }

    /// Every item, in order.
    public var items: [Item] { indices.map { makeItem(form, $0) } }

    /// Appends an empty item (or `item`); `false` when the list is full.
    @discardableResult
    public func append(_ item: Value? = nil) -> Bool { hasRoom && form.appendItem(item, to: name) }

    /// Inserts an empty item (or `item`) at `position`; `false` when the list is full.
    @discardableResult
    public func insert(_ item: Value? = nil, at position: Int) -> Bool {
        hasRoom && form.insertItem(item, at: position, in: name)
    }

    /// Removes the item at `position`; `false` when there is none.
    @discardableResult
    public func remove(at position: Int) -> Bool { form.removeItem(at: position, from: name) }

    /// Moves the item at `source` to `destination`; `false` when either is out of range.
    @discardableResult
    public func move(from source: Int, to destination: Int) -> Bool {
        form.moveItem(from: source, to: destination, in: name)
    }

    /// Whether one more item would have fields.
    public var hasRoom: Bool { count < (form.itemCapacity(of: name) ?? 0) }
}
