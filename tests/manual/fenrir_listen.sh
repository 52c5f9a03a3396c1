#!/usr/bin/env bash
# Hear the game as a blind player would, through a real screen reader (Fenrir, headless, in tmux).
# Manual check, not run by CI. Needs: apt-get install fenrir tmux; the game installed (pip install -e .).
# Usage: tests/manual/fenrir_listen.sh "treasures" "buy Silver" "end"
# Prints every line Fenrir spoke, in order.
set -euo pipefail
work=$(mktemp -d)
cat > "$work/say.sh" <<EOS
#!/bin/sh
printf '%s\n' "\$*" >> "$work/heard.txt"
EOS
cat > "$work/game.sh" <<EOS
#!/bin/sh
export XDG_DATA_HOME="$work/data" PROMPT_TOOLKIT_NO_CPR=1
exec dominion --plain --players Alice,Bob --kingdom "Barge,Sheepdog" --landscapes "Way of the Ox" --seed 4 --no-pause
EOS
chmod +x "$work/say.sh" "$work/game.sh"
sed -e '0,/^enabled=True/s//enabled=False/' \
    -e "s|^genericSpeechCommand=.*|genericSpeechCommand=$work/say.sh \"fenrirText\"|" \
    -e "s|^shell=.*|shell=$work/game.sh|" \
    /etc/fenrirscreenreader/settings/settings-pty.conf > "$work/fenrir.conf"
session="fenrir-$$"
tmux new-session -d -s "$session" -x 120 -y 40 "fenrir -e -s $work/fenrir.conf"
sleep 4
for line in "$@"; do
  tmux send-keys -t "$session" -l "$line"
  tmux send-keys -t "$session" Enter
  sleep 2
done
tmux kill-session -t "$session"
cat "$work/heard.txt"
