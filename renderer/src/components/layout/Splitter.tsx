import { useRef, useState } from 'react';

interface Props {
  /** 'vertical': a bar between columns (drag left/right); 'horizontal': between rows (drag up/down). */
  orientation: 'vertical' | 'horizontal';
  /** The size of the pane the splitter resizes, in px. */
  size: number;
  min: number;
  max: number;
  /** +1 when dragging right/down grows the pane (a sidebar on the left), -1 when it shrinks it (a pane below). */
  direction: 1 | -1;
  label: string;
  onResize(size: number): void;
  testId?: string;
}

const KEY_STEP = 16;

/** A draggable divider that resizes the pane beside it; arrow keys resize it too. */
export function Splitter({ orientation, size, min, max, direction, label, onResize, testId }: Props) {
  const start = useRef<{ pointer: number; size: number } | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const clamped = (n: number) => Math.round(Math.min(max, Math.max(min, n)));
  const coordinate = (e: React.PointerEvent) => (orientation === 'vertical' ? e.clientX : e.clientY);
  const grow = orientation === 'vertical' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowDown', 'ArrowUp'];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, draggable separator has no HTML element (<hr> is not interactive).
    <div
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={`splitter splitter-${orientation}${dragging ? ' dragging' : ''}`}
      data-testid={testId}
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { pointer: coordinate(e), size };
        setDragging(true);
      }}
      onPointerMove={(e) => {
        if (!start.current) return;
        onResize(clamped(start.current.size + direction * (coordinate(e) - start.current.pointer)));
      }}
      onPointerUp={() => {
        start.current = undefined;
        setDragging(false);
      }}
      onKeyDown={(e) => {
        const step = e.key === grow[0] ? KEY_STEP : e.key === grow[1] ? -KEY_STEP : 0;
        if (step === 0) return;
        e.preventDefault();
        onResize(clamped(size + direction * step));
      }}
    />
  );
}
