import { constructFromEvents, EVENT_ID, getScalarValue, parseEvents, SCALAR_STYLE, type Event } from 'js-yaml';

/**
 * Where a node is: its own offsets, its key's in a mapping, and its children's places by key or index.
 * A collection's end is its last scalar's (yaml's runs on to a closing bracket or the next line);
 * only problems, which the quick path never places, would show it. `shift` is added to the offsets
 * of every place below this one: a part of the text read on its own (fast-parts.ts) keeps the
 * offsets it was read with, wherever the part now stands.
 */
export interface Place {
  start: number;
  end: number;
  key?: { start: number; end: number };
  children?: Map<string | number, Place>;
  shift?: number;
}

interface Frame {
  value: unknown;
  place: Place & { children: Map<string | number, Place> };
  /** Items seen so far (a sequence) or keys seen so far (a mapping). */
  count: number;
  /** In a mapping: the key just read, waiting for its value. */
  key?: { name: string; start: number; end: number };
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * One YAML text read with js-yaml's event parser, with the place of every node; undefined when it is
 * not plainly fine (a syntax error, more than one document, anchors, aliases, tags, directives, a key
 * that does not name an own property) or nests deeper than `maxDepth`.
 */
export function readTree(text: string, maxDepth: number): { value: unknown; root: Place } | undefined {
  let events: Event[];
  let documents: unknown[];
  try {
    events = parseEvents(text, { maxDepth });
    documents = constructFromEvents(events, { source: text, maxAliases: 0 });
  } catch {
    return undefined; // a syntax error, duplicate key, too deep…: YamlSource says where
  }
  const [value] = documents;
  if (documents.length !== 1 || value === null || typeof value !== 'object') return undefined;
  const root = placesOf(text, events, value);
  return root && { value, root };
}

/** A scalar's offsets, quotes included (as yaml gives them); an empty value sits at `fallback`. */
function scalarSpan(
  event: Extract<Event, { type: typeof EVENT_ID.SCALAR }>,
  fallback: number,
): { start: number; end: number } {
  if (event.valueStart < 0) return { start: fallback, end: fallback };
  const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
  return quoted
    ? { start: event.valueStart - 1, end: event.valueEnd + 1 }
    : { start: event.valueStart, end: event.valueEnd };
}

/**
 * Walks the events beside the value built from them, recording each node's place. Returns undefined
 * when the text uses what FastSource leaves to YamlSource, or when a key's text does not name a
 * property of its mapping's value (a key like `1.0` or `~` that resolves to something else).
 */
function placesOf(text: string, events: readonly Event[], root: object): Place | undefined {
  let top: Place | undefined;
  const stack: Frame[] = [];
  for (const event of events) {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        if (event.directives.length > 0) return undefined;
        continue;
      case EVENT_ID.ALIAS:
        return undefined;
      case EVENT_ID.POP: {
        const frame = stack.pop();
        if (!frame) continue; // the document's end
        if (isRecord(frame.value) && frame.count !== Object.keys(frame.value).length) return undefined;
        const parent = stack.at(-1);
        if (parent) parent.place.end = Math.max(parent.place.end, frame.place.end);
        continue;
      }
    }
    if (event.anchorStart !== -1 || event.tagStart !== -1) return undefined;
    const parent = stack.at(-1);
    // A mapping's key: a scalar whose text is one of the value's own property names.
    if (parent && isRecord(parent.value) && !parent.key) {
      if (event.type !== EVENT_ID.SCALAR) return undefined;
      const name = getScalarValue(text, event);
      if (!Object.hasOwn(parent.value, name)) return undefined;
      parent.key = { name, ...scalarSpan(event, parent.place.end) };
      parent.count++;
      continue;
    }
    let value: unknown = root;
    let key: Place['key'];
    let segment: string | number = '';
    if (parent) {
      segment = parent.key ? parent.key.name : parent.count++;
      value = (parent.value as Record<string | number, unknown>)[segment];
      key = parent.key && { start: parent.key.start, end: parent.key.end };
      parent.key = undefined;
    }
    let place: Place;
    if (event.type === EVENT_ID.SCALAR) {
      place = { ...scalarSpan(event, key?.end ?? parent?.place.end ?? 0), key };
    } else {
      if (event.type === EVENT_ID.SEQUENCE ? !Array.isArray(value) : !isRecord(value)) return undefined;
      const collection = { start: event.start, end: event.start, key, children: new Map<string | number, Place>() };
      stack.push({ value, place: collection, count: 0 });
      place = collection;
    }
    if (parent) {
      parent.place.children.set(segment, place);
      parent.place.end = Math.max(parent.place.end, place.end);
    } else {
      top = place;
    }
  }
  return top;
}
