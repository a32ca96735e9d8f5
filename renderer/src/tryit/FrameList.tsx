import { memo, useLayoutEffect, useRef } from 'react';
import type { Frame, FrameSnapshot } from './frame-buffer';

const ARROW = { in: '↓', out: '↑', info: '•' } as const;
const WORD = { in: 'received', out: 'sent', info: '' } as const;
/** Longer frames are cut in the list (the whole text is in the title); a flood of big frames stays cheap. */
const SHOWN = 2000;

const FrameRow = memo(function FrameRow({ frame: f }: { frame: Frame }) {
  return (
    <li className={`frame frame-${f.direction}`} data-testid={`frame-${f.direction}`}>
      <span className="frame-at">+{f.at} ms</span>
      <span className="frame-dir" title={WORD[f.direction] || undefined}>
        <span aria-hidden="true">{ARROW[f.direction]}</span>
        {WORD[f.direction] ? <span className="visually-hidden">{WORD[f.direction]}</span> : null}
      </span>
      {f.event !== undefined ? (
        <span className="frame-event">
          {f.event}
          {f.id !== undefined ? <span className="muted"> #{f.id}</span> : null}
        </span>
      ) : null}
      <span className="frame-text" title={f.text.length > SHOWN ? f.text : undefined}>
        {f.text.length > SHOWN ? `${f.text.slice(0, SHOWN)}…` : f.text}
      </span>
    </li>
  );
});

/** The session's frames, oldest first; it follows new ones while scrolled to the bottom. */
export function FrameList({ snapshot, noun }: { snapshot: FrameSnapshot; noun: string }) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atBottom.current && snapshot.frames.length) el.scrollTop = el.scrollHeight;
  }, [snapshot]);
  const dropped = snapshot.total - snapshot.frames.length;
  return (
    <div className="frames" data-testid="tryit-frames">
      <h3>
        {noun}{' '}
        <span className="muted" data-testid="tryit-frame-count">
          {snapshot.total === 0 ? '' : dropped > 0 ? `(the last ${snapshot.frames.length} of ${snapshot.total})` : ''}
        </span>
      </h3>
      <section
        className="frames-box"
        ref={box}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        aria-label={`${noun}, oldest first`}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {snapshot.frames.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <ol>
            {snapshot.frames.map((f) => (
              <FrameRow key={f.seq} frame={f} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
