/** A chat turned into the prompt tokens of a node-llama-cpp model through the chat template it carries. */
import { type ChatMessage } from '../generate.js';
import type { LlamaModel } from './llama-types.js';

/** The chat through the template the GGUF carries (or the one node-llama-cpp recognises for the model), up to the assistant's turn. */
export async function templatedChatTokens(model: LlamaModel, messages: readonly ChatMessage[]): Promise<number[]> {
  const { resolveChatWrapper } = await import('node-llama-cpp');
  const wrapper = resolveChatWrapper(model);
  const history = messages.map((message) =>
    message.role === 'system'
      ? { type: 'system' as const, text: message.content }
      : message.role === 'user'
        ? { type: 'user' as const, text: message.content }
        : { type: 'model' as const, response: [message.content] },
  );
  history.push({ type: 'model', response: [] });
  const { contextText } = wrapper.generateContextState({ chatHistory: history });
  return contextText.tokenize(model.tokenizer);
}
