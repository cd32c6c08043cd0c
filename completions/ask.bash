# bash completion for ask(1)                                  -*- shell-script -*-
#
# Written by ask-docs from ask's option table (make docs): edit the table, not this.
# Installed as share/bash-completion/completions/ask, where bash-completion loads it
# on demand; or source it from ~/.bashrc. Needs nothing from bash-completion itself.

# The values an option takes, one word each; empty for an option that takes free text.
_ask_values()
{
    case $1 in
        -k | --keyboard) echo 'default number decimal phone email url ascii path' ;;
        --default-button) echo 'ok cancel secondary' ;;
        --color) echo 'auto always never' ;;
        --on-timeout) echo 'cancel accept' ;;
        --fallback) echo 'fail stdin value' ;;
    esac
}

# Completes the value of option $1 from $2: file names for an option that takes a
# file, else the words _ask_values gives.
# The options the command line refuses beside option $1 (they conflict, or go with
# different alerts: after --gauge, no field option), or that it undoes: not offered.
_ask_excluded()
{
    case $1 in
        --field)
            echo '--login --no-field --gauge --range --info --text-file --output --run --ok-at-end
                 --choice --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --askpass' ;;
        --login)
            echo '--field --no-field --gauge --range --info --text-file --output --run --ok-at-end
                 --choice --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --askpass' ;;
        --no-field)
            echo '--field --login --gauge --range --info --text-file --output --run --ok-at-end
                 --choice --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --gauge)
            echo '--field --login --no-field --range --info --text-file --output --run --ok-at-end -p
                 --placeholder --value --multiline --lines -s --secure --mask -k --keyboard
                 --directory --suggest --suggestions-from --history --required --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --ok --cancel --no-cancel --secondary --destructive
                 --default-button --stdin --askpass' ;;
        --range)
            echo '--field --login --no-field --gauge --info --text-file --output --run --ok-at-end -p
                 --placeholder --value --multiline --lines -s --secure --mask -k --keyboard
                 --directory --suggest --suggestions-from --history --required --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --secondary --destructive --default-button --stdin
                 --askpass' ;;
        --info)
            echo '--field --login --no-field --gauge --range --text-file --output --run --ok-at-end
                 -p --placeholder --value --multiline --lines -s --secure --mask -k --keyboard
                 --directory --suggest --suggestions-from --history --required --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --ok --cancel --no-cancel --secondary --destructive
                 --default-button --stdin --askpass' ;;
        --text-file)
            echo '--field --login --no-field --gauge --range --info --output --run --ok-at-end -p
                 --placeholder --value --multiline --lines -s --secure --mask -k --keyboard
                 --directory --suggest --suggestions-from --history --required --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --cancel --no-cancel --secondary --destructive
                 --default-button --stdin --askpass' ;;
        --output)
            echo '--field --login --no-field --gauge --range --info --text-file -p --placeholder
                 --value --multiline --lines -s --secure --mask -k --keyboard --directory --suggest
                 --suggestions-from --history --required --min-length --max-length --pattern --error
                 --repeat --repeat-label --allow-reveal --choice --destructive-choice --choices-from
                 --selected --multiple --limit --min --allow-other --ansi --search-descriptions
                 --wrap --index -q --query --no-sort --select-1 --exit-0 -f --filter --cancel
                 --no-cancel --secondary --destructive --default-button --stdin --askpass' ;;
        --run)
            echo '--field --login --no-field --gauge --range --info --text-file -p --placeholder
                 --value --multiline --lines -s --secure --mask -k --keyboard --directory --suggest
                 --suggestions-from --history --required --min-length --max-length --pattern --error
                 --repeat --repeat-label --allow-reveal --choice --destructive-choice --choices-from
                 --selected --multiple --limit --min --allow-other --ansi --search-descriptions
                 --wrap --index -q --query --no-sort --select-1 --exit-0 -f --filter --cancel
                 --no-cancel --secondary --destructive --default-button --stdin --askpass' ;;
        --ok-at-end)
            echo '--field --login --no-field --gauge --range --info --text-file -p --placeholder
                 --value --multiline --lines -s --secure --mask -k --keyboard --directory --suggest
                 --suggestions-from --history --required --min-length --max-length --pattern --error
                 --repeat --repeat-label --allow-reveal --choice --destructive-choice --choices-from
                 --selected --multiple --limit --min --allow-other --ansi --search-descriptions
                 --wrap --index -q --query --no-sort --select-1 --exit-0 -f --filter --cancel
                 --no-cancel --secondary --destructive --default-button --stdin --askpass' ;;
        -p | --placeholder)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --value)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --multiline)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter --askpass' ;;
        --lines)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        -s | --secure)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --mask)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        -k | --keyboard)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --directory)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --suggest)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --suggestions-from)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --history)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --required)
            echo '--gauge --range --info --text-file --output --run --ok-at-end' ;;
        --min-length)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --max-length)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --pattern)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --error)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --repeat)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --repeat-label)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --allow-reveal)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --choice)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --destructive-choice)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --choices-from)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --selected)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --multiple)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --allow-other
                 --ok --secondary --destructive --default-button -n --no-newline --askpass' ;;
        --limit)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --min)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --allow-other)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --multiple
                 --index --ok --secondary --destructive --default-button --askpass' ;;
        --ansi)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --search-descriptions)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --wrap)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --index)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --allow-other
                 --ok --secondary --destructive --default-button --askpass' ;;
        -q | --query)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal -f --filter
                 --ok --secondary --destructive --default-button --askpass' ;;
        --no-sort)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --select-1)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        --exit-0)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal --ok
                 --secondary --destructive --default-button --askpass' ;;
        -f | --filter)
            echo '--field --login --no-field --gauge --range --info --text-file --output --run
                 --ok-at-end -p --placeholder --value --multiline --lines -s --secure --mask -k
                 --keyboard --directory --suggest --suggestions-from --history --min-length
                 --max-length --pattern --error --repeat --repeat-label --allow-reveal -q --query
                 --ok --secondary --destructive --default-button -n --no-newline --stdin --askpass' ;;
        --ok)
            echo '--gauge --info --choice --destructive-choice --choices-from --selected --multiple
                 --limit --min --allow-other --ansi --search-descriptions --wrap --index -q --query
                 --no-sort --select-1 --exit-0 -f --filter' ;;
        --cancel)
            echo '--gauge --info --text-file --output --run --ok-at-end --no-cancel' ;;
        --no-cancel)
            echo '--gauge --info --text-file --output --run --ok-at-end --cancel' ;;
        --secondary)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --destructive)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        --default-button)
            echo '--gauge --range --info --text-file --output --run --ok-at-end --choice
                 --destructive-choice --choices-from --selected --multiple --limit --min
                 --allow-other --ansi --search-descriptions --wrap --index -q --query --no-sort
                 --select-1 --exit-0 -f --filter' ;;
        -n | --no-newline)
            echo '--multiple -f --filter -0 --null' ;;
        -0 | --null)
            echo '-n --no-newline' ;;
        --timeout)
            echo '--pause' ;;
        --on-timeout)
            echo '--pause' ;;
        --pause)
            echo '--timeout --on-timeout' ;;
        --stdin)
            echo '--gauge --range --info --text-file --output --run --ok-at-end -f --filter' ;;
        --askpass)
            echo '--field --login --gauge --range --info --text-file --output --run --ok-at-end
                 --multiline --choice --destructive-choice --choices-from --selected --multiple
                 --limit --min --allow-other --ansi --search-descriptions --wrap --index -q --query
                 --no-sort --select-1 --exit-0 -f --filter' ;;
    esac
}

_ask_value()
{
    case $1 in
        --text-file | --suggestions-from | --history | --choices-from)
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
    local with_value='--title --message --field --range --text-file --placeholder --value --lines --mask
        --keyboard --suggest --suggestions-from --history --min-length --max-length --pattern
        --error --repeat-label --choice --destructive-choice --choices-from --selected --limit --min
        --query --filter --ok --cancel --secondary --default-button --color --width --timeout
        --on-timeout --pause --fallback --askpass'
    local flags='--login --no-field --gauge --info --output --run --ok-at-end --multiline --secure
        --directory --required --repeat --allow-reveal --multiple --allow-other --ansi
        --search-descriptions --wrap --index --no-sort --select-1 --exit-0 --no-cancel --destructive
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
        # The options given so far (a value after its option skipped), each letter of
        # a bundle of short flags too, and those they exclude.
        local excluded=' ' letter skip=
        for ((i = 1; i < COMP_CWORD; i++)); do
            word=${COMP_WORDS[i]}
            if [[ -n $skip ]]; then
                skip=
            elif [[ $word == --*=* ]]; then
                excluded+="$(_ask_excluded "${word%%=*}") "
            elif [[ $word == --?* ]]; then
                excluded+="$(_ask_excluded "$word") "
                [[ " $with_value " == *" $word "* ]] && skip=1
            elif [[ $word == -?* ]]; then
                local k
                for ((k = 1; k < ${#word}; k++)); do
                    letter=${word:k:1}
                    excluded+="$(_ask_excluded "-$letter") "
                    if [[ $short_with_value == *"$letter"* ]]; then
                        ((k == ${#word} - 1)) && skip=1
                        break
                    fi
                done
            fi
        done
        excluded=${excluded//$'
'/ }
        local offered=()
        for word in $with_value $flags $shorts; do
            [[ $excluded == *" $word "* ]] || offered+=("$word")
        done
        COMPREPLY=($(compgen -W "${offered[*]}" -- "$cur"))
    fi
    return 0
}

complete -F _ask ask
