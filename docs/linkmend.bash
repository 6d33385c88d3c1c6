# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion for linkmend(1).  make install puts it in
# $(PREFIX)/share/bash-completion/completions/linkmend.  Commands and
# their options are read from linkmend itself ("linkmend help" and
# "linkmend CMD --help"), so they are never out of date.

_linkmend_commands()
{
	linkmend help 2>/dev/null |
		sed -n 's/^   \([a-z][a-z-]*\)  .*/\1/p'
}

_linkmend_options()
{
	linkmend "$1" --help 2>/dev/null |
		grep -o -- '--[a-z][a-z-]*' | sort -u
}

_linkmend()
{
	local cur prev cmd i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "$(_linkmend_commands) --help --version" -- "$cur"))
		return
	fi
	case $cmd in
	help)
		COMPREPLY=($(compgen -W "$(_linkmend_commands)" -- "$cur"))
		return ;;
	esac
	case $prev in
	--db|--cacert|-o|--output)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac
	case $cur in
	--format=*)
		local f
		f=$(linkmend "$cmd" --help 2>/dev/null |
			sed -n 's/.*--format[= ]\([a-z|]*\).*/\1/p' | head -1 | tr '|' ' ')
		COMPREPLY=($(compgen -P --format= -W "$f" -- "${cur#--format=}"))
		return ;;
	--color=*)
		COMPREPLY=($(compgen -P --color= -W "auto always never" -- "${cur#--color=}"))
		return ;;
	-*)
		COMPREPLY=($(compgen -W "$(_linkmend_options "$cmd")" -- "$cur"))
		return ;;
	esac
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _linkmend linkmend
