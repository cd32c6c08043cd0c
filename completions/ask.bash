# bash completion for ask(1)                                  -*- shell-script -*-
#
# Written by ask-docs from ask's option table (make docs): edit the table, not this.
# Installed as share/bash-completion/completions/ask, where bash-completion loads it
# on demand; or source it from ~/.bashrc. Needs nothing from bash-completion itself.

# The values an option takes, one word each; empty for an option that takes free text.
_ask_values()
{
    case $1 in
        -k | --keyboard) echo 'default number decimal phone email url ascii' ;;
        --default-button) echo 'ok cancel secondary' ;;
        --color) echo 'auto always never' ;;
        --on-timeout) echo 'cancel accept' ;;
        --fallback) echo 'fail stdin value' ;;
    esac
}

# Completes the value of option $1 from $2: file names for an option that takes a
# file, else the words _ask_values gives.
_ask_value()
{
    case $1 in
        --text-file | --choices-from)
            local IFS=$'\n'
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$2"))
            ;;
        *) COMPREPLY=($(compgen -W "$(_ask_values "$1")" -- "$2")) ;;
    esac
}

_ask()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()

    # Options that take a value (the next word, or attached with '=').
    local with_value='--title --message --field --text-file --placeholder --value --lines --mask --keyboard
        --min-length --max-length --pattern --error --repeat-label --choice --destructive-choice
        --choices-from --selected --query --filter --ok --cancel --secondary --default-button
        --color --width --timeout --on-timeout --fallback --askpass'
    local flags='--login --no-field --gauge --info --multiline --secure --required --repeat --allow-reveal
        --multiple --allow-other --index --no-sort --select-1 --exit-0 --no-cancel --destructive
        --no-newline --null --stdin --keep --accessible --plain --pinentry --whiptail --dialog
        --help --version'
    # Short options; those in short_with_value take a value.
    local shorts='-t -m -p -s -k -q -f -n -0 -h' short_with_value='tmpkqf'

    # After `--` everything is the message.
    local i
    for ((i = 1; i < COMP_CWORD; i++)); do
        [[ ${COMP_WORDS[i]} == -- ]] && return 0
    done

    # --option=value. Bash splits the word at '=' when '=' is in COMP_WORDBREAKS, and
    # keeps it whole otherwise.
    if [[ $cur == = && $prev == --* ]]; then
        _ask_value "$prev" ""
        return 0
    fi
    if [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        _ask_value "${COMP_WORDS[COMP_CWORD - 2]}" "$cur"
        return 0
    fi
    if [[ $cur == --*=* ]]; then
        local option=${cur%%=*}
        COMPREPLY=($(compgen -P "$option=" -W "$(_ask_values "$option")" -- "${cur#*=}"))
        return 0
    fi

    # The value of the previous option.
    local word
    for word in $with_value; do
        if [[ $prev == "$word" ]]; then
            _ask_value "$prev" "$cur"
            return 0
        fi
    done
    # A bundle of short flags whose last letter takes the value (-sk TYPE).
    if [[ $prev == -[!-]* ]]; then
        local letters=${prev#-}
        local head=${letters%?} last=${letters: -1}
        if [[ $short_with_value == *"$last"* && $head != *["$short_with_value"]* ]]; then
            COMPREPLY=($(compgen -W "$(_ask_values "-$last")" -- "$cur"))
            return 0
        fi
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$with_value $flags $shorts" -- "$cur"))
    fi
    return 0
}

complete -F _ask ask
