# isclose's default rel_tol is 1e-6 (CPython's 1e-9 is finer than a
# float32 can tell apart): numbers within 8 to 16 float32 steps are close.
print(isclose(1, 1.0000001), isclose(1, 1.000001), isclose(1, 1.0000009))
print(isclose(1, 1.000002), isclose(1000, 1000.002), isclose(1e-20, 1.000002e-20))
# a tolerance given is used as given: 1e-9 then means equal
print(isclose(1, 1.0000001, rel_tol=1e-9), isclose(1, 1, rel_tol=1e-9))
print(isclose(16777216, 16777217), isclose(16777216, 16777218, rel_tol=1e-9))
