// The async boundary lets module federation settle the shared singletons before any of them runs.
// The inline browser gate in index.html has already shown its page in an unsupported browser.
if (!(window as { __ITS_UNSUPPORTED__?: string }).__ITS_UNSUPPORTED__) {
  import('./bootstrap').catch((e: unknown) => console.error('Cannot load app', e));
}
