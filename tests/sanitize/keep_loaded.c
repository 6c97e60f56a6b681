/* keep_loaded.c — preloaded (LD_PRELOAD) by ./scripts/test.sh --sanitize: dlclose() does
 * nothing, so every library stays mapped until the process exits.
 * Why: Mesa unloads its driver (swrast_dri.so) at exit. What the driver's globals still
 * pointed to then looks leaked to LeakSanitizer, from "<unknown module>", so no
 * suppression could even name it. Kept loaded, those blocks stay reachable and real
 * leaks still show, with their library's name. Not instrumented: bash, Xvfb and python
 * load it too. */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
