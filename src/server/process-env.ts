/**
 * Environment the server process must start with: read by the C library at process start, so it
 * cannot be set from inside. `npm start` sets these (package.json; a test keeps the two equal), and
 * so do the benches' and end-to-end tests' servers. An operator starting `node
 * dist-server/server/main.js` another way sets them too (README, Operations, "Memory").
 *
 * MALLOC_ARENA_MAX: glibc gives every thread that allocates its own heap ("arena") and keeps what
 * a burst of photo decodes freed in each of them. With at most two, the memory libvips frees is
 * reused and handed back: after twenty 48 MP photos RSS settles under 400 MB instead of staying
 * above 600 MB (bench/photo-memory.ts). Other C libraries ignore it.
 */
export const serverProcessEnv: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
