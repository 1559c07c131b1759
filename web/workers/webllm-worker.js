// WebLLM's engine (WebGPU compute, weights, tokenizer, XGrammar) lives in this worker; the page
// talks to it through WebLLM's own `WebWorkerMLCEngine` client (see engines/webllm.js).
//
// Why a worker: model loading and token-by-token decoding would otherwise block the page and
// Pyodide. WebLLM's handler already implements the message protocol, so this file only wires it.

import { WebWorkerMLCEngineHandler } from "../vendor/web-llm/index.js";

const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (msg) => handler.onmessage(msg);
