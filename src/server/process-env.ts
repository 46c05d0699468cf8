/**
 * Environment the server process must start with: read by the C library at process start, so it
 * cannot be set from inside. `npm start` sets these (package.json; a test keeps the two equal), and
 * so do the benches' and end-to-end tests' servers. An operator starting `node
 * dist-server/server/main.js` another way sets them too (README, Operations, "Memory").
 *
 * glibc's allocator otherwise keeps what a burst of photo decodes freed: every thread that
 * allocates gets its own heap ("arena"), and a freed large block raises the size below which
 * blocks come from those heaps rather than from the system, so libvips' buffers stay in them.
 * - MALLOC_ARENA_MAX: at most two heaps, so freed memory is reused rather than kept per thread.
 * - MALLOC_MMAP_THRESHOLD_: blocks of 1 MiB and more (libvips' pixel buffers) always come from
 *   the system and go back to it when freed.
 * After twenty 48 MP photos RSS is back under 400 MB (300–350 MB) as the burst is answered, instead
 * of staying above 600 MB with the decode budget alone (bench/photo-memory.ts). Other C libraries
 * ignore both.
 */
export const serverProcessEnv: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' };
