/** node-llama-cpp's runtime types, named once (type-only: importing this loads nothing). */
export type LlamaModule = typeof import('node-llama-cpp');
export type Token = import('node-llama-cpp').Token;
export type Llama = Awaited<ReturnType<LlamaModule['getLlama']>>;
export type LlamaModel = Awaited<ReturnType<Llama['loadModel']>>;
export type LlamaContext = Awaited<ReturnType<LlamaModel['createContext']>>;
export type LlamaContextSequence = ReturnType<LlamaContext['getSequence']>;
