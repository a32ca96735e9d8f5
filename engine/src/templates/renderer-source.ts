/**
 * The renderer of one config version, loaded on first need: Handlebars' compiler is most of its load
 * time, and a config without templates never needs it. The runtime starts loading it as soon as a
 * version has templates, so usually it is ready before the first request.
 */
import type { FakerSource } from './faker-source.js';
import type { Randomness } from './random.js';
import type { TemplateRenderer } from './render.js';

export class RendererSource {
  renderer: TemplateRenderer | undefined;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly random: Randomness,
    private readonly faker: FakerSource,
  ) {}

  /** Undefined when the renderer is ready; else a promise that resolves once it is. */
  ready(): Promise<void> | undefined {
    if (this.renderer) return undefined;
    this.pending ??= import('./render.js').then(({ TemplateRenderer }) => {
      this.renderer = new TemplateRenderer(this.random, this.faker);
    });
    return this.pending;
  }
}
