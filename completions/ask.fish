# fish completion for ask(1), written by ask-docs from ask's option table (make docs):
# edit the table, not this. Installed as share/fish/vendor_completions.d/ask.fish; or
# copy it to ~/.config/fish/completions/.

# The first argument that is not an option is the message: never complete file names.
complete -c ask -f

# Content
complete -c ask -s t -l title -x -d 'Title, one line, in bold'
complete -c ask -s m -l message -x -d 'Message under the title (also the first argument)'
complete -c ask -l field -x -d 'Add a text field labelled LABEL (repeatable)'
complete -c ask -l login -d 'A User Name field and a secure Password field'
complete -c ask -l no-field -d 'No text field: a confirmation with buttons only'
complete -c ask -l gauge -d 'A progress bar, fed percentages on standard input'
complete -c ask -l info -d 'An info box: the message drawn and left on the screen, at once'
complete -c ask -l text-file -r -F -d 'A text box: FILE shown to be read, scrolled, OK to close'

# Field
complete -c ask -s p -l placeholder -x -d 'Hint shown while the field is empty'
complete -c ask -l value -x -d 'Text the field starts with'
complete -c ask -l multiline -d 'Several lines: Return breaks a line, Ctrl-D finishes, Tab leaves'
complete -c ask -l lines -x -d 'A multi-line field\'s height in rows (default 5)'
complete -c ask -s s -l secure -d 'Secure entry: typed text is masked, never shown'
complete -c ask -l mask -x -d 'Mask glyph for secure entry (\'\' shows nothing)'
complete -c ask -s k -l keyboard -x -a "default\t'Anything printable' number\t'The digits 0 to 9' decimal\t'A number: digits, one point, a leading minus' phone\t'Digits, spaces and + * # ( ) -' email\t'No spaces; like name@example.com' url\t'No spaces; a scheme and host, or a host with a dot' ascii\t'Printable ASCII only'" -d 'Kind of text expected'
complete -c ask -l required -d 'Refuse an empty answer (with --multiple: none marked)'
complete -c ask -l min-length -x -d 'Refuse answers shorter than N characters'
complete -c ask -l max-length -x -d 'Type at most N characters (a counter shows)'
complete -c ask -l pattern -x -d 'The whole answer must match REGEX (POSIX extended)'
complete -c ask -l error -x -d 'Say TEXT when an answer is refused'
complete -c ask -l repeat -d 'Ask twice; accept only matching entries'
complete -c ask -l repeat-label -x -d 'Placeholder of the second entry (Repeat)'
complete -c ask -l allow-reveal -d 'In secure entry, Ctrl-R shows the text'

# Choices
complete -c ask -l choice -x -d 'Add a choice (repeatable): LABEL, or VALUE<TAB>LABEL'
complete -c ask -l destructive-choice -x -d 'Add a destructive choice: marked !, at the top (repeatable)'
complete -c ask -l choices-from -r -F -d 'Read choices from FILE, a line each (- for stdin)'
complete -c ask -l selected -x -d 'The choice highlighted first (with --multiple: marked)'
complete -c ask -l multiple -d 'A checklist: Space marks choices, Return accepts them'
complete -c ask -l allow-other -d 'Answer typed text that names no choice (a last row offers it)'
complete -c ask -l index -d 'Print the chosen choice\'s place in the list, from 1'
complete -c ask -s q -l query -x -d 'Start with QUERY typed in the filter'
complete -c ask -l no-sort -d 'Keep the list\'s order among the matches (do not rank them)'
complete -c ask -l select-1 -d 'If one choice matches the starting query, answer it without asking'
complete -c ask -l exit-0 -d 'If no choice matches the starting query, exit 1 without asking'
complete -c ask -s f -l filter -x -d 'Print the choices QUERY matches, best first; ask nothing'

# Buttons
complete -c ask -l ok -x -d 'Label of the OK button'
complete -c ask -l cancel -x -d 'Label of the Cancel button'
complete -c ask -l no-cancel -d 'No Cancel button (Esc still cancels)'
complete -c ask -l secondary -x -d 'Add a secondary button (exit status 3)'
complete -c ask -l destructive -d 'Draw OK as destructive; Return then means Cancel'
complete -c ask -l default-button -x -a "ok\t'The OK button' cancel\t'The Cancel button' secondary\t'The --secondary button'" -d 'The button Return activates'

# Output
complete -c ask -s n -l no-newline -d 'Do not end the answer with a newline (one answer only)'
complete -c ask -s 0 -l null -d 'End each answer with NUL instead of a newline'

# Behaviour
complete -c ask -l color -x -a "auto\t'When TERM is set and not dumb, and NO_COLOR is empty (the default)' always\t'Colour even where auto would not' never\t'No colour: bold, inverse and underline instead'" -d 'Use colour'
complete -c ask -l width -x -d 'Width of the alert in columns'
complete -c ask -l timeout -x -d 'Give up after SECONDS (exit 124), above 0 and at most 31536000'
complete -c ask -l on-timeout -x -a "cancel\t'Exit with status 124' accept\t'Answer what stands, as Return would (status 0)'" -d 'What --timeout does (default: cancel)'
complete -c ask -l fallback -x -a "fail\t'Exit with status 69' stdin\t'Read a line per field from stdin' value\t'Answer each field with its --value'" -d 'Without a terminal (default: $ASK_FALLBACK or fail)'
complete -c ask -l stdin -d 'Read the answer from standard input, a line per field (1 MiB at most)'
complete -c ask -l keep -d 'Leave a line saying what was answered (also ASK_KEEP=1)'
complete -c ask -l accessible -d 'Plain mode, for screen readers (also ACCESSIBLE=1)'
complete -c ask -l plain -d 'Lines only: no cursor movement, no colour'
complete -c ask -l askpass -x -d 'Act as an SSH/sudo/git askpass helper'
complete -c ask -l pinentry -d 'Act as a pinentry for GnuPG\'s gpg-agent'
complete -c ask -l whiptail -d 'First: the rest is whiptail\'s command line, its boxes drawn by ask'
complete -c ask -l dialog -d 'First: the rest is dialog\'s command line, its boxes drawn by ask'
complete -c ask -s h -l help -d 'Show this help and exit'
complete -c ask -l version -d 'Show the version and exit'
