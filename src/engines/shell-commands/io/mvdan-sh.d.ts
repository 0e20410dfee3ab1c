/** mvdan-sh ships no types: the adapter narrows what it uses (see mvdan-parser.ts). */
declare module 'mvdan-sh' {
  const sh: unknown;
  export default sh;
}
