/* evidence.c: what happened to one block (evidence.h). */
#include <stdlib.h>
#include <string.h>

#include "run/evidence.h"

const char *evidence_isolation(const struct evidence *ev, const struct evidence_context *ctx)
{
	return ev->isolation ? ev->isolation : ctx ? ctx->isolation : NULL;
}

void evidence_init(struct evidence *ev)
{
	memset(ev, 0, sizeof *ev);
	buf_init(&ev->compile_log);
	buf_init(&ev->differ_out);
	launch_result_init(&ev->run);
}

void evidence_release(struct evidence *ev)
{
	buf_release(&ev->compile_log);
	buf_release(&ev->differ_out);
	free(ev->cflags);
	free(ev->setup_error);
	free(ev->isolation);
	free(ev->made);
	free_words(ev->deps, ev->ndeps);
	free_words(ev->dirs, ev->ndirs);
	free(ev->session);
	if (ev->env) {
		envinfo_release(ev->env);
		free(ev->env);
	}
	launch_result_release(&ev->run);
	for (size_t i = 0; i < ev->nsamples; i++)
		regions_release(&ev->samples[i].regions);
	free(ev->samples);
	evidence_init(ev);
}

const char *launch_end_name(enum launch_end end)
{
	switch (end) {
	case END_EXITED:
		return "exited";
	case END_SIGNALED:
		return "signaled";
	case END_TIMEOUT:
		return "timeout";
	case END_OUTPUT_LIMIT:
		return "output-limit";
	case END_LAUNCH_FAILED:
		return "launch-failed";
	}
	return "exited";
}
