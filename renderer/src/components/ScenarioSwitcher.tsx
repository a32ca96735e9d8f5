import { Workflow } from 'lucide-react';
import { useId, useLayoutEffect, useMemo } from 'react';
import type { StudioClient } from '../api/client';
import { scenarioStatesIn } from './scenario-states';
import { usePopover } from './use-popover';
import { useScenarios } from './use-scenarios';

/**
 * The status bar's scenario switcher: the current state of each scenario on a button; opened, a
 * dropdown per scenario sets its state by hand (the engine's setScenario), offering the states the
 * config names. Escape or a click elsewhere closes it and gives focus back to the button. Nothing
 * shows while the config has no scenarios.
 */
export function ScenarioSwitcher({ client, text }: { client: StudioClient; text: string }) {
  const { scenarios, set, error } = useScenarios(client);
  const known = useMemo(() => scenarioStatesIn(text), [text]);
  const popover = usePopover<HTMLSpanElement, HTMLDivElement>('above-left');
  const { open, setOpen, button, box: panel } = popover;
  const panelId = useId();
  useLayoutEffect(() => {
    if (open) panel.current?.querySelector<HTMLSelectElement>('select')?.focus();
  }, [open, panel]);
  if (scenarios.length === 0) return null;
  const summary = scenarios.map((s) => `${s.name}: ${s.state}`).join(' · ');
  return (
    <span className="scenario-switcher" ref={popover.root}>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Scenarios: ${summary}. Change…`}
        title={`Scenarios: ${summary}. Click to set a state by hand.`}
        data-testid="scenario-switcher"
        onClick={() => setOpen((o) => !o)}
      >
        <Workflow size={12} aria-hidden="true" />
        <span className="scenario-summary">{summary}</span>
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="scenario-panel menu-list"
          popover="manual"
          role="dialog"
          aria-label="Scenario states"
          style={{ position: 'fixed', inset: 'auto', margin: 0, color: 'inherit' }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <p className="scenario-panel-title">Set a scenario's current state</p>
          {scenarios.map((s) => {
            const options = [...new Set([s.state, ...(known.get(s.name) ?? []), s.start])];
            return (
              <label key={s.name} className="scenario-row">
                <span className="mono">{s.name}</span>
                <select
                  value={s.state}
                  data-testid={`scenario-select-${s.name}`}
                  onChange={(e) => void set(s.name, e.target.value)}
                >
                  {options.map((o) => (
                    <option key={o} value={o}>
                      {o === s.start ? `${o} (start)` : o}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
          {error ? (
            <p className="form-messages error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </span>
  );
}
