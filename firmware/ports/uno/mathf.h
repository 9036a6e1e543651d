/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Uno's float functions (mathf.c): exp, log and pow within 2 ulp in
 * place of avr-libc's, whole powers exact, and the C99 functions the full
 * math module uses that avr-libc lacks. */
#ifndef SNEK_UNO_MATHF_H
#define SNEK_UNO_MATHF_H

#include <math.h>

/* mathf_asm.S on the chip, mathf.c on the host (the test) */
float mathf_exp(float x);
float mathf_log(float x);
float mathf_pow(float x, float y);
#undef expf
#undef logf
#undef powf
#define expf mathf_exp
#define logf mathf_log
#define powf mathf_pow

#ifdef __AVR__
/* Exact, and smaller than avr-libc's: mathf_whole.S, mathf_asm.S */
float mathf_floor(float x);
float mathf_trunc(float x);
float mathf_fmod(float x, float y);
#undef floorf
#undef truncf
#undef fmodf
#define floorf mathf_floor
#define truncf mathf_trunc
#define fmodf mathf_fmod
#endif

float rintf(float x);
float remainderf(float x, float y);
float exp2f(float x);
float expm1f(float x);
float log1pf(float x);
float log2f(float x);
float asinhf(float x);
float acoshf(float x);
float atanhf(float x);
float erff(float x);
float erfcf(float x);
float tgammaf(float x);
float lgammaf(float x);

#endif
