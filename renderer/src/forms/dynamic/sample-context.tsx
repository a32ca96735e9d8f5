import { createContext, useContext } from 'react';
import type { SampleDraft } from '../../../../shared/src/dynamic-form/sample';

/** The endpoint form's sample request: every template preview of the endpoint renders against it. */
export interface SampleContext {
  sample: SampleDraft;
  /** The endpoint's path, to fill in `request.path` from the parameters. */
  path: string;
  setSample(sample: SampleDraft): void;
}

export const Sample = createContext<SampleContext | undefined>(undefined);

export function useSample(): SampleContext | undefined {
  return useContext(Sample);
}
