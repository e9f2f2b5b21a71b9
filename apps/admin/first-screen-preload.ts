import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const TAG = '<script src="/first-screen-preload.js"></script>';

/** Each first screen's modules (app/routes.tsx loads them; the Dashboard's route loader asks for its API and the query client). */
export interface FirstScreenModules {
  /** Signed out, or on /login: the login screen. */
  login: string[];
  /** On every signed-in screen: the shell. */
  shell: string[];
  /** On /: the Dashboard and what its route's loader imports. */
  dashboard: string[];
}

/** The GET calls a signed-in first screen makes as it draws: made by the inline script instead (src/lib/first-calls.ts). */
export interface FirstScreenCalls {
  /** On every signed-in screen: the shell's. */
  shell: string[];
  /** On /: the Dashboard's. */
  dashboard: string[];
}

/**
 * Writes public/first-screen-preload.js inline into index.html's head, byte for byte, with the
 * addresses of the chunks (and their CSS) the login screen, the shell and the Dashboard need beyond
 * the entry's own in the tag's data-login, data-shell and data-dashboard attributes, and the paths
 * of the signed-in first screens' calls in data-shell-calls and data-dashboard-calls. A signed-out
 * load asks for the login screen's only, which decision 053's budget already counts; the attributes
 * are not part of the script's hash (FIRST_SCREEN_PRELOAD_SCRIPT_CSP), which stays the same from
 * build to build. A module named here but missing from the build fails it.
 */
export function firstScreenPreload(modules: FirstScreenModules, calls: FirstScreenCalls): Plugin {
  let root = '';
  return {
    name: 'backroom-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(TAG)) throw new Error(`index.html has no ${TAG} to write inline`);
        if (!ctx.bundle) throw new Error('first-screen-preload: no bundle to read the chunks from');
        const bundle = ctx.bundle;
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const entries = chunks.filter((c) => c.isEntry);
        const entryClosure = closure(bundle, entries);
        /** The files of `ids`' chunks and their static imports but those `loaded` holds, which then holds them too. */
        const files = (ids: string[], loaded: Set<OutputChunk>) => {
          const wanted = ids.map((id) => {
            const file = path.resolve(root, id);
            const chunk =
              chunks.find((c) => c.facadeModuleId === file) ?? chunks.find((c) => c.moduleIds.includes(file));
            if (!chunk) throw new Error(`first-screen-preload: ${id} is in no chunk of the build`);
            return chunk;
          });
          const needed = [...closure(bundle, wanted)].filter((c) => !loaded.has(c));
          for (const chunk of needed) loaded.add(chunk);
          const css = needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
          return [...new Set([...needed.map((c) => c.fileName), ...css])].map((f) => `/${f}`).join(' ');
        };
        const source = readFileSync(new URL('./public/first-screen-preload.js', import.meta.url), 'utf8');
        // A load asks for the login's chunks or the signed-in ones, never both.
        const login = files(modules.login, new Set(entryClosure));
        const signedIn = new Set(entryClosure);
        const shell = files(modules.shell, signedIn);
        const dashboard = files(modules.dashboard, signedIn);
        const tag =
          `<script data-login="${login}" data-shell="${shell}" data-dashboard="${dashboard}"` +
          ` data-shell-calls="${calls.shell.join(' ')}" data-dashboard-calls="${calls.dashboard.join(' ')}">${source}</script>`;
        return html.replace(TAG, () => tag);
      },
    },
  };
}

/** The chunks and every chunk they import statically. */
function closure(bundle: OutputBundle, from: OutputChunk[]): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const chunk of from) visit(chunk);
  return seen;
}
