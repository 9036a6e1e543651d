/* SPDX-License-Identifier: GPL-3.0-or-later */
/* picolibc's float powf, expf, logf and the trigonometry are off by an
 * ulp from the correctly rounded result often enough to show: 2.5 ** -4
 * printed 0.025600001 where the host, like CPython, prints 0.0256. These
 * compute in double and round once, which gives the correctly rounded
 * float nearly always, as the host's libm does. They replace libm's
 * float versions at link time (exp2f too: picolibc's calls powf). They
 * cost about 12 KB of flash, which the Snekboard has. */
#include <math.h>

float powf(float x, float y)
{
	return (float)pow(x, y);
}

float expf(float x)
{
	return (float)exp(x);
}

float exp2f(float x)
{
	return (float)exp2(x);
}

float logf(float x)
{
	return (float)log(x);
}

float log2f(float x)
{
	return (float)log2(x);
}

float sinf(float x)
{
	return (float)sin(x);
}

float cosf(float x)
{
	return (float)cos(x);
}

float tanf(float x)
{
	return (float)tan(x);
}
