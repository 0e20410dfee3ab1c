/** Words that carry no evidence about what a request asks for: English function words, request filler and number words (values, not capabilities). */

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
but by can could did do does doing done down during each either else etc even ever every few for from further get gets
getting give given go got had has have having he her here hers him his how however i if in into is it its itself just
let like may me might more most much must my myself need needs no nor not now of off on once one only or other our ours
out over own per please rather really same say says she should since so some such than that the their theirs them then
there these they this those through thus to too under until up upon us very via want wants was way we well were what
when where whether which while who whom whose why will with within without would yes yet you your yours
e g eg ie i.e example examples following use used uses using instead want wanted trying try tried know
return returns returned object objects function functions method methods value values code python question answer result results first second third
assign assigned variable variables obtain specify specified note wondering efficient elegant best simply directly
mentioned whatsmore accordingly according
zero two three four five six seven eight nine ten eleven twelve twenty hundred thousand once twice`.split(/\s+/),
);

/** True for a word that should not count as evidence (lower-cased input). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
