# exit() ends a host program with a status.
print("before")
exit(0)
print("never")
