/** Latency and fault as the endpoint and rule forms type them, and back to YAML values. */

/** `300` or `{ min: 200, max: 400 }` as `300` or `200-400`. */
export function latencyText(latency: unknown): string {
  if (latency === undefined || latency === null) return '';
  if (typeof latency === 'object' && !Array.isArray(latency)) {
    const { min, max } = latency as { min?: unknown; max?: unknown };
    return `${String(min ?? '')}-${String(max ?? '')}`;
  }
  return String(latency);
}

/** `300` → 300, `200-400` (or an en dash, or "to") → { min, max }; empty → undefined; else as typed. */
export function latencyValue(text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^\d+$/.test(t)) return Number(t);
  const range = /^(\d+)\s*(?:-|–|to|\.\.)\s*(\d+)$/.exec(t);
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  return t;
}

export type FaultEffect = 'status' | 'reset' | 'empty';

export interface FaultForm {
  /** As typed; empty means every request (the engine's default rate 1). */
  rate: string;
  effect: FaultEffect;
  status: string;
}

export function faultForm(fault: unknown): FaultForm | undefined {
  if (fault === null || typeof fault !== 'object' || Array.isArray(fault)) return undefined;
  const f = fault as { rate?: unknown; status?: unknown; kind?: unknown };
  const effect: FaultEffect = f.kind === 'reset' || f.kind === 'empty' ? f.kind : 'status';
  return {
    rate: f.rate === undefined ? '' : String(f.rate),
    effect,
    status: f.status === undefined ? '' : String(f.status),
  };
}

const asNumber = (text: string): number | string => {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : text;
};

/** The `fault:` value; a rate left empty is left out (every request). */
export function faultValue(form: FaultForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (form.rate.trim() !== '') out.rate = asNumber(form.rate);
  if (form.effect === 'status') out.status = form.status.trim() === '' ? 503 : asNumber(form.status);
  else out.kind = form.effect;
  return out;
}
