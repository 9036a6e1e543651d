/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one list of opcodes, each with its meaning. Every table ordered by
 * opcode is made from it: the enum (vm.h), the VM's dispatch table and
 * its operand groups (vm.c), the compiler's instruction lengths, stack
 * accounting and precedence (compile.c), the operators' texts that the
 * lexer reads and errors print (print.c).
 *
 *   OP(name, effect, bytes)  stack effect, operand bytes
 *   OPERATOR(name, effect, level, text)  an operator of the source text,
 *       with no operand: its precedence, compile.c's LEVEL_<level>, and
 *       its text. A file that defines no OPERATOR gets an OP for it.
 *
 * Opcodes with a variable effect say 0 here and the compiler accounts
 * for them.
 *
 * The VM keeps the newest value in an accumulator (acc); "push" moves it to
 * the stack. Binary operators compute acc = pop() OP acc.
 *
 * The order is the VM's, in groups (vm.h names where each starts, vm.c
 * checks them): the operators (print.c checks they are one run), binary
 * ones first, then the item ones (INDEX to SLICE), which the VM's general
 * path serves alike; then the rest with no operand; then those with an
 * operand of two bytes, which the VM fetches before it dispatches (the
 * first two bytes, for the few with more), the ones only a VM with fast
 * paths runs last. Operand bytes are little-endian. */
#ifndef OPERATOR
#define OPERATOR(name, effect, level, text) OP(name, effect, 0)
#define OPCODES_H_OPERATOR_IS_OP
#endif
OPERATOR(ADD, -1, ARITH, "+")       /* acc = pop() + acc */
OPERATOR(SUB, -1, ARITH, "-")       /* acc = pop() - acc */
OPERATOR(MUL, -1, TERM, "*")        /* acc = pop() * acc */
OPERATOR(DIV, -1, TERM, "/")        /* acc = pop() / acc */
OPERATOR(FLOORDIV, -1, TERM, "//")  /* acc = pop() // acc */
OPERATOR(MOD, -1, TERM, "%")        /* acc = pop() % acc: numbers, or string formatting */
OPERATOR(POW, -1, POW, "**")        /* acc = pop() ** acc */
OPERATOR(BAND, -1, BAND, "&")       /* acc = pop() & acc */
OPERATOR(BOR, -1, BOR, "|")         /* acc = pop() | acc */
OPERATOR(BXOR, -1, BXOR, "^")       /* acc = pop() ^ acc */
OPERATOR(SHL, -1, SHIFT, "<<")      /* acc = pop() << acc */
OPERATOR(SHR, -1, SHIFT, ">>")      /* acc = pop() >> acc */
OPERATOR(IADD, -1, ASSIGN, "+=")    /* acc = pop() + acc; a list extends in place */
OPERATOR(IMUL, -1, ASSIGN, "*=")    /* acc = pop() * acc; a list repeats in place */
OPERATOR(LT, -1, COMPARE, "<")      /* acc = pop() < acc */
OPERATOR(LE, -1, COMPARE, "<=")     /* acc = pop() <= acc */
OPERATOR(GT, -1, COMPARE, ">")      /* acc = pop() > acc */
OPERATOR(GE, -1, COMPARE, ">=")     /* acc = pop() >= acc */
OPERATOR(EQ, -1, COMPARE, "==")     /* acc = pop() == acc */
OPERATOR(NE, -1, COMPARE, "!=")     /* acc = pop() != acc */
OPERATOR(IN, -1, COMPARE, "in")     /* acc = pop() in acc */
OPERATOR(NOT_IN, -1, COMPARE, "not in") /* acc = pop() not in acc */
OPERATOR(IS, -1, COMPARE, "is")     /* acc = pop() is acc */
OPERATOR(IS_NOT, -1, COMPARE, "is not") /* acc = pop() is not acc */
OPERATOR(NEG, 0, UNARY, "-")        /* acc = -acc */
OPERATOR(POS, 0, UNARY, "+")        /* acc = +acc */
OPERATOR(INVERT, 0, UNARY, "~")     /* acc = ~acc */
OPERATOR(NOT, 0, NOT, "not")        /* acc = not acc */
OP(INDEX, -1, 0)       /* acc = pop()[acc] */
OP(INDEX_KEEP, 1, 0)   /* container stays, index pushed, acc = container[index] */
OP(STORE_INDEX, -2, 0) /* index = pop(), container = pop(), container[index] = acc */
OP(DEL_INDEX, -1, 0)   /* del pop()[acc] */
OP(SLICE, -4, 0)       /* step, hi, lo, container popped: acc = container[lo:hi:step] */
OP(NONE, 0, 0)         /* acc = None; NONE, FALSE, TRUE in the order of */
OP(FALSE, 0, 0)        /* acc = False  their values (value.h) */
OP(TRUE, 0, 0)         /* acc = True */
OP(HALT, 0, 0)         /* end of a top-level statement: leave the VM */
OP(PUSH, 1, 0)         /* push acc */
OP(RETURN, 0, 0)       /* return acc to the caller */
OP(RANGE, 0, 0)        /* range()'s start, stop, step on the stack become numbers */
OP(ITER, 2, 0)         /* push acc and position 0: a for loop's state */
OP(ASSERT, 0, 0)       /* raise AssertionError if acc is false */
OP(DROP, 0, 2)         /* drop N values (break out of for loops) */
OP(NUMBER, 0, 2)       /* acc = the float32 whose top half is N, its low half 0:
                          integers to 255, 1000, 0.5 (other numbers are CONSTs) */
OP(CONST, 0, 2)        /* acc = constant N of this code */
OP(LOCAL, 0, 2)        /* acc = local N */
OP(GLOBAL, 0, 2)       /* acc = global name N */
OP(STORE_LOCAL, 0, 2)  /* local N = acc */
OP(STORE_GLOBAL, 0, 2) /* global name N = acc */
OP(PRINT_EXPR, 0, 2)   /* console: print repr(acc) unless None, keep it in name N (_) */
OP(DEL_LOCAL, 0, 2)    /* unbind local N */
OP(DEL_GLOBAL, 0, 2)   /* unbind global name N */
OP(JUMP, 0, 2)         /* jump to offset N */
OP(JUMP_FALSE, 0, 2)   /* jump to N if acc is false (acc stays) */
OP(JUMP_TRUE, 0, 2)    /* jump to N if acc is true (acc stays) */
OP(LIST, 0, 2)         /* acc = list of the N values on the stack */
OP(TUPLE, 0, 2)        /* acc = tuple of the N values on the stack */
OP(DICT, 0, 2)         /* acc = dict of the N values on the stack, key, value pairs */
OP(CALL, 0, 2)         /* positional count, named count, then a name per named argument */
OP(FOR_NEXT, 0, 2)     /* acc = next item, or drop the state and jump to N */
OP(RANGE_NEXT, 0, 2)   /* acc = next number, or drop the state and jump to N */
OP(DEFAULT, 0, 4)      /* local A is bound: jump to N, skipping its default */
/* A load and the PUSH after it, in one (the compiler joins them for a VM
 * with fast paths; vm.h: OP_FIRST_FAST). */
OP(LOCAL_PUSH, 1, 2)   /* acc = local N, push acc */
OP(GLOBAL_PUSH, 1, 2)  /* acc = global name N, push acc */
OP(NUMBER_PUSH, 1, 2)  /* acc = NUMBER N, push acc */
OP(CONST_PUSH, 1, 2)   /* acc = constant N, push acc */
/* Last: the compiler rewrites every one. */
OP(NAME, 0, 2)         /* acc = name N, local or global, in a function being compiled */
OP(NAME_PUSH, 1, 2)    /* acc = name N, push acc */
#ifdef OPCODES_H_OPERATOR_IS_OP
#undef OPERATOR
#undef OPCODES_H_OPERATOR_IS_OP
#endif
