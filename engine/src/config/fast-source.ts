import { constructFromEvents, EVENT_ID, getScalarValue, parseEvents, SCALAR_STYLE, type Event } from 'js-yaml';
import type { Range } from '../../../shared/src/problems.js';
import { ConfigSource, MAX_CONFIG_DEPTH, type DocPath } from './source.js';

/**
 * Where a node is: its own offsets, its key's in a mapping, and its children's places by key or index.
 * A collection's end is its last scalar's (yaml's runs on to a closing bracket or the next line);
 * only problems, which the quick path never places, would show it.
 */
interface Place {
  start: number;
  end: number;
  key?: { start: number; end: number };
  children?: Map<string | number, Place>;
}

interface Frame {
  value: unknown;
  place: Place & { children: Map<string | number, Place> };
  /** Items seen so far (a sequence) or keys seen so far (a mapping). */
  count: number;
  /** In a mapping: the key just read, waiting for its value. */
  key?: { name: string; start: number; end: number };
}

const LONE_CR = /\r(?!\n)/;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A config read with js-yaml's event parser: about six times faster than `yaml` on a cold start, which
 * is most of `mockyard serve`'s startup. It is used only for texts that are plainly fine: one document
 * that is a mapping, no anchors, aliases, tags or directives, every key a scalar naming an own
 * property. Anything else, and any text whose checks find a problem, goes to YamlSource, so problems
 * are always placed by the same parser. (Both resolve YAML 1.2 core scalars alike; a test compares them.)
 */
export class FastSource extends ConfigSource {
  private constructor(
    text: string,
    readonly value: Record<string, unknown>,
    private readonly root: Place,
  ) {
    super(text);
  }

  /** The text's source, or undefined when it needs YamlSource (it is not plainly fine). */
  static parse(text: string): FastSource | undefined {
    // A lone carriage return ends a line for js-yaml but not for yaml; such rare texts go the long way.
    if (LONE_CR.test(text)) return undefined;
    let events: Event[];
    let documents: unknown[];
    try {
      events = parseEvents(text, { maxDepth: MAX_CONFIG_DEPTH });
      documents = constructFromEvents(events, { source: text, maxAliases: 0 });
    } catch {
      return undefined; // a syntax error, duplicate key, too deep…: YamlSource says where
    }
    const [value] = documents;
    if (documents.length !== 1 || !isRecord(value)) return undefined;
    const root = placesOf(text, events, value);
    return root && new FastSource(text, value, root);
  }

  rangeOf(path: DocPath, part: 'key' | 'value' = 'value'): Range {
    let place = this.root;
    for (const segment of path) {
      // Mapping keys are text: a number names one as YamlSource's lookup does (`1:` is key '1').
      const next =
        place.children?.get(segment) ??
        (typeof segment === 'number' ? place.children?.get(String(segment)) : undefined);
      if (!next) break;
      place = next;
    }
    // Like YamlSource: a key marks a mapping or list value better than its block, which can run on.
    if (place.key && (part === 'key' || place.children)) return this.toRange(place.key.start, place.key.end);
    return this.toRange(place.start, place.end);
  }
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
function placesOf(text: string, events: readonly Event[], root: Record<string, unknown>): Place | undefined {
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
