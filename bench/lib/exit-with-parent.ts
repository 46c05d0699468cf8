/**
 * Imported by every bench child: the parent holds our stdin open, so end-of-file means it is
 * gone (even killed with SIGKILL, when its own cleanup could not run) and we should go too.
 */
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
