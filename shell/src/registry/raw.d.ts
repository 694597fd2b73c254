/** Files imported as text (`?raw`), as the tests read the modules' manifests. */
declare module '*?raw' {
  const text: string;
  export default text;
}
