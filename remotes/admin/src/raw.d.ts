/** A file imported as text (`?raw`, the test runner's loader). */
declare module '*?raw' {
  const text: string;
  export default text;
}
