import { describe, expect, it } from 'vitest';

import { parseApiUnit, parseParams } from '../../../src/engines/answerability/index.js';

describe('parseApiUnit', () => {
  it('reads "name(signature): description"', () => {
    expect(parseApiUnit('cycle(source, count: Optional[int] = None): Cycles the input for the given number of times.')).toEqual({
      name: 'cycle',
      signature: '(source, count: Optional[int] = None)',
      params: ['source', 'count'],
      types: ['int'],
      description: 'Cycles the input for the given number of times.',
    });
  });

  it('keeps the annotated parameter and return types as evidence, not the defaults', () => {
    const unit = parseApiUnit('concatenate(arrays: Sequence[ArrayLike], axis: SupportsIndex | None = 0, out: None = None) -> NDArray[Any]');
    expect(unit).toMatchObject({ name: 'concatenate', params: ['arrays', 'axis', 'out'], description: '' });
    expect(unit.types).toEqual(['Sequence', 'ArrayLike', 'SupportsIndex', 'NDArray']);
    expect(
      parseApiUnit({ name: 'get', signature: '(url: str, params=None) -> Response', description: 'Sends a GET request.' }).types,
    ).toEqual(['str', 'Response']);
    expect(parseApiUnit('cycle(source, count): Cycles.').types).toBeUndefined();
  });

  it('keeps nested brackets and defaults with parentheses inside the signature', () => {
    const unit = parseApiUnit(
      'demux(num_instances: int, classifier_fn: Callable[[+T_co], Union[int, NoneType]], drop_none: bool = False): Splits the input.',
    );
    expect(unit.params).toEqual(['num_instances', 'classifier_fn', 'drop_none']);
    expect(unit.description).toBe('Splits the input.');
    const collate = parseApiUnit('collate(datapipe, collate_fn: Callable = <function default_collate>): Collates samples.');
    expect(collate.params).toEqual(['datapipe', 'collate_fn']);
  });

  it('drops *args/**kwds and reads a return annotation', () => {
    const unit = parseApiUnit('mux(*datapipes, **kwds) -> IterDataPipe: Yields one element at a time from each input.');
    expect(unit).toMatchObject({ name: 'mux', params: ['datapipes'], description: 'Yields one element at a time from each input.' });
  });

  it('names a TypeScript constructor by its class', () => {
    const unit = parseApiUnit('new FSWatcher(_opts: ChokidarOptions=…): Watches files & directories for changes.');
    expect(unit).toMatchObject({ name: 'FSWatcher', params: ['_opts'], description: 'Watches files & directories for changes.' });
    expect(parseApiUnit('new value for the option').name).toBe('');
  });

  it('reads parameter sections in the description', () => {
    const unit = parseApiUnit('open_url(url): Opens a URL.\nParameters:\n  url (str) – the address\n  timeout: seconds to wait');
    expect(unit.params).toEqual(['url', 'timeout']);
  });

  it('accepts objects and plain descriptions', () => {
    expect(parseApiUnit({ name: 'fork', signature: '(num_instances: int)', description: 'Creates copies.' })).toMatchObject({
      name: 'fork',
      params: ['num_instances'],
    });
    expect(parseApiUnit('Creates copies of a stream.')).toEqual({
      name: '',
      signature: '',
      params: [],
      description: 'Creates copies of a stream.',
    });
    expect(parseApiUnit('fork: Creates copies of a stream.')).toMatchObject({ name: 'fork', description: 'Creates copies of a stream.' });
  });

  it.each([
    ['a, b=2, *, c: int = 3', ['a', 'b', 'c']],
    ['self, x: Dict[str, int] = {}, /', ['x']],
    ['', []],
  ])('parseParams(%s)', (signature, params) => {
    expect(parseParams(signature)).toEqual(params);
  });
});
