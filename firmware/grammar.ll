# SPDX-License-Identifier: GPL-3.0-or-later
# The Snek grammar, LL(1). tools/llgen.py turns it into parse tables.
#
# UPPER names are tokens from the lexer (lex.c), lower names are rules,
# @names are compiler actions (compile.c): they run when the parser reaches
# them, so the compiler emits bytecode while it parses, with no tree. An
# action may take an argument: @emit(OP_NOT) emits that opcode, @save(N)
# keeps N on the compiler's stack (a count, an empty jump chain),
# @jump(OP) emits a forward jump to patch at @jump_end, @collection(OP)
# builds a tuple, list or dict of the values counted.
# Tokens that stand for several operators carry the operator: OP is every
# operator written with symbols (+ - * ** << < == ~ ...), AUGASSIGN += -= ...

%start file

# Token numbers follow this order. The terminals that start a statement
# or an expression form one run, which the tables store as a range. The
# lexer relies on it too: keywords are the token texts after DEDENT's, and
# LPAREN LBRACK LBRACE and RPAREN RBRACK RBRACE are neighbours.
%token END NEWLINE INDENT DEDENT
%token IF WHILE FOR DEF
%token PASS BREAK CONTINUE RETURN GLOBAL DEL ASSERT IMPORT FROM
%token NAME NUMBER STRING NONE TRUE FALSE LPAREN LBRACK LBRACE OP NOT
%token IN IS
%token RPAREN RBRACK RBRACE

# Texts for error messages ("Syntax error at ..."). Names, numbers,
# strings and operators print themselves (error.c): no text.
%token_text NAME ""
%token_text NUMBER ""
%token_text STRING ""
%token_text OP ""
%token_text AUGASSIGN ""
%token_text END "end of file"
%token_text NEWLINE "end of line"
%token_text INDENT "indent"
%token_text DEDENT "dedent"
%token_text LPAREN "("
%token_text RPAREN ")"
%token_text LBRACK "["
%token_text RBRACK "]"
%token_text LBRACE "{"
%token_text RBRACE "}"
%token_text COLON ":"
%token_text COMMA ","
%token_text SEMI ";"
%token_text ASSIGN "="
%token_text DEF "def"
%token_text IF "if"
%token_text ELIF "elif"
%token_text ELSE "else"
%token_text WHILE "while"
%token_text FOR "for"
%token_text IN "in"
%token_text NOT "not"
%token_text AND "and"
%token_text OR "or"
%token_text IS "is"
%token_text RETURN "return"
%token_text BREAK "break"
%token_text CONTINUE "continue"
%token_text PASS "pass"
%token_text GLOBAL "global"
%token_text DEL "del"
%token_text ASSERT "assert"
%token_text IMPORT "import"
%token_text FROM "from"
%token_text RANGE "range"
%token_text NONE "None"
%token_text TRUE "True"
%token_text FALSE "False"

# The parser walks the rules in this order to find one (parse.c): the
# expressions, used most, come first.

# Expressions. Tuples, lists and dicts push their items and count them
# (@item).

testlist    : expr testlist_tail ;
testlist_tail : COMMA @emit(OP_PUSH) @save(1) tuple_items @collection(OP_TUPLE)
              |
              ;
tuple_items : expr @item tuple_more
            |
            ;
tuple_more  : COMMA tuple_items
            |
            ;

# One flat rule for every operator: operands with their prefix operators,
# joined by infix operators. The compiler sorts out precedence: pending
# operators wait on its stack, and an operator first emits those that bind
# at least as tightly (compile.c). So the parse stack holds one tail per
# nesting level, not one per precedence level. `not` may start an operand
# only at the start or after `and`/`or`, as in Python.
expr        : @expr_begin operand expr_tail ;
operand     : NOT @prefix(OP_NOT) operand
            | unary
            ;
unary       : OP @token_prefix unary
            | primary
            ;
expr_tail   : infix unary expr_tail
            | logic operand expr_tail
            | @expr_end
            ;
infix       : OP @token_infix
            | IN @infix(OP_IN)
            | NOT IN @infix(OP_NOT_IN)
            | IS is_not
            ;
is_not      : NOT @infix(OP_IS_NOT)
            | @infix(OP_IS)
            ;
logic       : AND @infix(OP_JUMP_FALSE)
            | OR @infix(OP_JUMP_TRUE)
            ;

primary     : atom trailers ;
# Where a list of items ends, its closing bracket is matched by the rule
# that takes the next item (args, list_items), so an open call or list
# leaves few symbols on the parse stack.
trailers    : LPAREN @emit(OP_PUSH) @call_begin args trailers
            | LBRACK @emit(OP_PUSH) subscript RBRACK trailers
            |
            ;

args        : expr arg_value
            | RPAREN @call_end
            ;
arg_value   : ASSIGN @arg_name expr @arg_named args_more
            | @arg_pos args_more
            ;
args_more   : COMMA args
            | RPAREN @call_end
            ;

# A missing bound of a slice is None.
subscript   : expr slice_rest
            | @emit(OP_NONE) slice
            ;
slice_rest  : slice
            | COMMA @emit(OP_PUSH) @save(1) tuple_items @collection(OP_TUPLE) @emit(OP_INDEX)
            | @emit(OP_INDEX)
            ;
slice       : @emit(OP_PUSH) COLON bound @emit(OP_PUSH) slice_step @emit(OP_PUSH) @emit(OP_SLICE) ;
slice_step  : COLON bound
            | @emit(OP_NONE)
            ;
bound       : expr
            | @emit(OP_NONE)
            ;

atom        : NAME @name
            | NUMBER @number
            | STRING @string strings
            | NONE @emit(OP_NONE)
            | TRUE @emit(OP_TRUE)
            | FALSE @emit(OP_FALSE)
            | LPAREN paren_body
            | LBRACK @save(0) list_items
            | LBRACE @save(0) dict_items
            ;
# "a" "b" is "a" + "b".
strings     : @emit(OP_PUSH) STRING @string @emit(OP_ADD) strings
            |
            ;
paren_body  : RPAREN @save(0) @collection(OP_TUPLE)
            | expr paren_rest
            ;
paren_rest  : RPAREN
            | COMMA @emit(OP_PUSH) @save(1) tuple_items RPAREN @collection(OP_TUPLE)
            ;
list_items  : expr list_more
            | RBRACK @collection(OP_LIST)
            ;
list_more   : COMMA @item list_items
            | RBRACK @item @collection(OP_LIST)
            ;
dict_items  : expr @emit(OP_PUSH) COLON expr dict_more
            | RBRACE @collection(OP_DICT)
            ;
dict_more   : COMMA @item dict_items
            | RBRACE @item @collection(OP_DICT)
            ;

# One statement a parse: @top_end hands its code to parse_run, which
# runs it and parses the next.
file        : NEWLINE file
            | stmt @top_end
            | END
            ;

stmt        : simple_stmt
            | compound_stmt
            ;

simple_stmt : small_stmt small_more NEWLINE ;
small_more  : SEMI small_rest
            |
            ;
small_rest  : small_stmt small_more
            |
            ;

small_stmt  : expr_stmt
            | PASS
            | BREAK @break
            | CONTINUE @continue
            | RETURN return_val
            | GLOBAL NAME @global global_more
            | DEL del_target del_more
            | ASSERT expr @emit(OP_ASSERT)
            | IMPORT NAME
            | FROM NAME IMPORT OP @import_star
            ;

# The compiler knows where the code of the last expression started: a lone
# name there is a target.
expr_stmt   : testlist assign_rest ;
assign_rest : ASSIGN @assign_lhs testlist @store
            | AUGASSIGN @aug_lhs testlist @binop @assign
            | @expr_stmt
            ;

return_val  : testlist @return
            | @emit(OP_NONE) @return
            ;

global_more : COMMA NAME @global global_more
            |
            ;

del_target  : expr @del ;
del_more    : COMMA del_target del_more
            |
            ;

compound_stmt : if_stmt
              | while_stmt
              | for_stmt
              | def_stmt
              ;

# Two jump chains: to the end, and from the newest test to the next branch.
if_stmt     : IF @save(0) expr @jump(OP_JUMP_FALSE) COLON suite if_rest @jump_end ;
if_rest     : ELIF @if_else expr @jump(OP_JUMP_FALSE) COLON suite if_rest
            | ELSE @if_else COLON suite
            | @jump_end
            ;

# A loop's else is outside it (break and continue there are the enclosing
# loop's); its breaks jump past the else.
while_stmt  : WHILE @while_begin expr @jump(OP_JUMP_FALSE) COLON suite @jump_back @jump_end
              @loop_exit else_part @jump_end ;

for_stmt    : FOR NAME @for_name IN for_source COLON suite @jump_back @jump_end
              @loop_exit else_part @jump_end ;
for_source  : RANGE LPAREN @range_begin expr @item range_more RPAREN @range
            | testlist @for_iter
            ;
range_more  : COMMA expr @item range_more
            |
            ;

else_part   : ELSE COLON suite
            |
            ;

def_stmt    : DEF NAME @def_begin LPAREN params RPAREN COLON suite @def_end ;
params      : NAME @param param_default params_more
            |
            ;
params_more : COMMA params
            |
            ;
param_default : ASSIGN @default_begin expr @default_end
              | @param_plain
              ;

# stmts takes the DEDENT that ends a block: nothing waits under the body.
suite       : simple_stmt
            | NEWLINE INDENT stmt stmts
            ;
stmts       : stmt stmts
            | DEDENT
            ;
