// What `npm run dist` passes to electron-builder besides the user's own flags, and what a release
// build needs from the environment. Kept apart from dist.mjs so that the packaging tests can check it.
//
// - Never publish unless asked: electron-builder 26 publishes a draft GitHub release by itself when
//   it finds GH_TOKEN or GITHUB_TOKEN on a CI ("implicit publishing", deprecated for v27).
// - `--release`: a build meant for users. Signing becomes mandatory (electron-builder's
//   forceCodeSigning: it fails instead of writing an unsigned app), and the inputs it signs and
//   notarizes with are checked first, so a missing one is named here rather than discovered when
//   Gatekeeper or SmartScreen refuses the installer.

/**
 * The signing and notarization inputs a release for `platform` (process.platform names) needs,
 * as electron-builder 26 reads them: each entry is a list of alternatives, each alternative the
 * environment variables it needs together.
 */
export const SIGNING_INPUTS = {
  darwin: [
    {
      what: 'a Developer ID Application certificate',
      any: [['CSC_LINK', 'CSC_KEY_PASSWORD'], ['CSC_NAME']],
    },
    {
      what: 'notarization credentials',
      any: [
        ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
        ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
        ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
      ],
    },
  ],
  win32: [
    {
      what: 'a code-signing certificate',
      any: [
        ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
        ['CSC_LINK', 'CSC_KEY_PASSWORD'],
      ],
    },
  ],
  // AppImage and deb are not signed by electron-builder.
  linux: [],
};

/** One line per missing input for a release of these platforms; empty when everything is set. */
export function signingProblems(platforms, env = process.env) {
  const problems = [];
  for (const platform of platforms)
    for (const { what, any } of SIGNING_INPUTS[platform] ?? []) {
      if (any.some((set) => set.every((name) => env[name]))) continue;
      const options = any.map((set) => set.join(' + ')).join(', or ');
      problems.push(`${platform}: ${what} is missing (set ${options})`);
    }
  return problems;
}

/**
 * electron-builder's arguments: the user's, plus `--publish never` unless they chose a --publish
 * themselves. `--release` is this script's own flag (see releaseConfig).
 */
export function builderArgs(args) {
  const release = args.includes('--release');
  const own = args.filter((a) => a !== '--release');
  const publishing = own.some((a) => a === '--publish' || a === '-p' || a.startsWith('--publish='));
  return { release, args: [...own, ...(publishing ? [] : ['--publish', 'never'])] };
}

/**
 * The configuration a release is built with: electron-builder.yml's, with forceCodeSigning on
 * ("Whether to fail if the application is not signed"). A file of its own, since a command-line
 * `--config.forceCodeSigning=true` would reach electron-builder as the string "true".
 */
export function releaseConfig(config) {
  return { ...config, forceCodeSigning: true };
}
