# Float PID control loop: a simulated DC motor (first-order velocity,
# integrated position) held at a changing set point. Prints '%.3f' results
# of many short simulations so float32 and float64 agree to the last digit.
#
# Quick size: 3
# Size (first line of stdin, empty for default): number of simulations.

s = input()
n = 800
if s != '':
    n = int(s)


def simulate(kp, ki, kd, target, steps=1500, dt=0.01, tau=0.25, gain=2.0, limit=12.0):
    pos = 0.0
    vel = 0.0
    integral = 0.0
    prev_err = target
    worst = 0.0
    for k in range(steps):
        err = target - pos
        integral = integral + err * dt
        if integral > 5.0:
            integral = 5.0
        if integral < -5.0:
            integral = -5.0
        deriv = (err - prev_err) / dt
        prev_err = err
        u = kp * err + ki * integral + kd * deriv
        if u > limit:
            u = limit
        if u < -limit:
            u = -limit
        vel = vel + (gain * u - vel) * dt / tau
        pos = pos + vel * dt
        if pos - target > worst:
            worst = pos - target
    return [pos, worst]


settled = 0
for i in range(n):
    kp = 2.0 + (i % 5) * 0.5
    ki = 1.0 + (i % 3) * 0.5
    kd = 0.05 + (i % 4) * 0.05
    target = 1.0 + (i % 7)
    r = simulate(kp, ki, kd, target)
    if abs(r[0] - target) < 0.01:
        settled += 1
    if i % 40 == 0:
        print('%.3f %.3f' % (r[0], r[1]))
r = simulate(3.0, 1.0, 0.1, 2.5, steps=3000)
print('%.3f' % r[0])
print(settled)
