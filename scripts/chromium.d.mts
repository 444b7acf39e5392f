import type { BrowserContext } from 'playwright-core';

export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare function launchChromium(): Promise<{ readonly context: BrowserContext; close(): Promise<void> }>;
