/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Uno's float functions (mathf.c): pow exact for whole powers, and
 * the C99 ones the full math module uses that avr-libc lacks. */
#ifndef SNEK_UNO_MATHF_H
#define SNEK_UNO_MATHF_H

#include <math.h>

float mathf_pow(float x, float y);
#undef powf
#define powf mathf_pow

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
