"""Writing a lesson in the window (F3): mark the position at the cursor "your turn", type its
question and hints, set what is accepted, check that the author's own answer passes, and save
under scenarios/lessons/.

Every change is one undoable session edit made through `analysis.lessons.LessonAuthor` (Ctrl+Z
takes it back); the panel only shows the cursor's ask and hands typed words to it. Typed text
goes into the fields, not to the key map: while a field has the keyboard the window is in
typing mode (the controller asks `typing()`).
"""
from __future__ import annotations

from pathlib import Path

from scenarios.authoring import free_path, slugify
from analysis.lessons import LessonAuthor, lessons_dir, questions_of, save_lesson

#: The panel's size (aspect2d units); the layout (viewer.layout) gives it its place in the left
#: column, below the status lines and any puzzle or lesson box (which fold to make room). Its
#: rows are packed (short captions beside their fields) so that it fits, at full size, the room
#: the left column has beside Grendizer's hand at 1280x720 (0.84 units): drawn any smaller its
#: text fell under 12 px (issue 39 point 6).
PANEL_W = 1.3
PANEL_H = 0.815
#: Controls inside the panel (x, z from its top-left corner), one table for the panel and for
#: tests that click them.
SPOTS = {"mark": (1.08, -0.045), "question": (0.03, -0.245), "threshold": (0.55, -0.34),
         "outcome": (1.04, -0.33), "hint": (0.03, -0.45), "clear": (1.13, -0.44),
         "title": (0.16, -0.595), "check": (0.78, -0.66), "save": (1.13, -0.66),
         "course": (0.2, -0.77), "chapter": (1.07, -0.76)}
#: Rows the hints and the verdict may take before they are cut with an ellipsis (their room).
HERE_ROWS = 2
HINT_ROWS = 2
STATUS_ROWS = 2
#: The accept field a threshold entry sets, by accept kind (optimal has none).
THRESHOLD = {"loss": ("max_loss", "Most win chance lost (0 to 1)"),
             "chance": ("at_least", "Success at least (0 to 1)")}


def spot(name: str, box, height: int) -> tuple[float, float]:
    """A control's centre in a2dTopLeft units (entries: a point inside the field), the panel
    being where the layout put it (`box`: its pixels as the probe's "layout" reports them, the
    window `height` pixels high; for tests that click it)."""
    from viewer.layout import box_origin

    x0, z0 = box_origin(box, height)
    x, z = SPOTS[name]
    if name in ("question", "threshold", "hint", "title", "course"):
        return x0 + x + 0.2, z0 + z + 0.012
    return x0 + x, z0 + z


class LessonPanel:
    """The authoring panel over the board's top left (F3 shows and hides it)."""

    def __init__(self, controller):
        self.ctl = controller
        self.app = controller.app
        self.frame = None
        self.entries: dict = {}
        self.labels: dict = {}
        self.buttons: dict = {}
        self.checking = None  # the check under way (a viewer.jobs.Job)
        self.check_words = ""
        self.checked_node = None  # the node (of its own record) `check_words` is a verdict on
        self.saved: Path | None = None  # where this record's lesson was saved (saved_for)
        self.saved_for = None  # the record `saved` belongs to: another record has its own file
        self.course_title = ""  # the course chapters were last added to (kept between files)
        self._shown_for = None
        self.app.frame.add("jobs", self._frame, "flickbook-lesson-panel")

    @property
    def active(self) -> bool:
        return self.frame is not None

    def author(self) -> LessonAuthor | None:
        try:
            return LessonAuthor(self.ctl.session)
        except ValueError:
            return None

    def toggle(self) -> None:
        if self.active:
            self.close()
            self.ctl.lesson_box.attach(self.ctl.session)  # a lesson asks again from its start
            return
        if self.author() is None:
            self.ctl.say(f"{self.ctl.session.game.title} has no lessons")
            return
        self.ctl.lesson_box.close()  # the author sees the whole tree
        self.ctl.refresh_soon()
        self._build()
        self.show_node()
        self.ctl.say("Lesson authoring: go to a position, play the right move from it, come "
                     "back and mark it \"your turn\"")

    def close(self) -> None:
        self.unfocus()
        if self.frame is not None:
            self.frame.destroy()
            self.app.screen.release("lesson_panel")
        self.frame = None
        self.entries, self.labels, self.buttons = {}, {}, {}

    # --- the panel --------------------------------------------------------------------------------
    def _build(self) -> None:
        from viewer.editing import gui
        from viewer.layout import SMALL, TITLE
        from viewer.panel import BG, TEXT, _button

        DGG, DirectButton, DirectEntry, DirectFrame, DirectLabel, TextNode = gui()
        dim = (0.70, 0.72, 0.76, 1)
        f = DirectFrame(parent=self.app.a2dTopLeft, frameColor=(*BG[:3], 0.94),
                        frameSize=(0, PANEL_W, -PANEL_H, 0), pos=(0.03, 0, -0.27))
        self.frame = f

        def label(name, text, x, z, scale=SMALL, fg=TEXT, wrap=None):
            kw = {"text_wordwrap": wrap} if wrap else {}
            self.labels[name] = DirectLabel(parent=f, text=text, text_scale=scale, text_fg=fg,
                                            frameColor=(0, 0, 0, 0), text_align=TextNode.ALeft,
                                            pos=(x, 0, z), **kw)

        def entry(name, width, lines=1):
            # a one-line field scrolls sideways, the question's two lines up and down: a
            # field of one line without overflow dropped every key past its width, so a
            # question of 20 words was kept cut mid-sentence
            x, z = SPOTS[name]
            e = DirectEntry(parent=f, scale=SMALL, width=width / SMALL, numLines=lines,
                            overflow=int(lines == 1),
                            pos=(x, 0, z), frameColor=(0.16, 0.17, 0.2, 1), text_fg=TEXT,
                            initialText="", cursorKeys=1, command=self._enter,
                            extraArgs=[name], focusOutCommand=self._done,
                            focusOutExtraArgs=[name])
            self.entries[name] = e
            fields = getattr(self.ctl, "fields", None)
            if lines > 1 and fields is not None:
                fields.scroll(e, lines)

        def button(name, text, command, width=0.26):
            x, z = SPOTS[name]
            self.buttons[name] = _button(f, text, command, (x, 0, z), width=width, height=0.065,
                                         scale=SMALL)

        label("heading", "Lesson authoring (F3 closes)", 0.03, -0.06, TITLE, (0.98, 0.84, 0.30, 1))
        label("here", "", 0.03, -0.112, SMALL, dim, wrap=37)
        button("mark", "Your turn here", self.toggle_mark, width=0.38)
        label("question_caption", "Question (Enter keeps it)", 0.03, -0.195, SMALL, dim)
        entry("question", 1.24, lines=2)
        label("threshold_caption", "", 0.03, -0.34, SMALL, dim)
        entry("threshold", 0.2)
        button("outcome", "Outcome", self.next_outcome, width=0.46)
        label("hint_caption", "Hint (Enter adds the next tier)", 0.03, -0.40, SMALL, dim)
        entry("hint", 0.95)
        button("clear", "Clear hints", self.clear_hints, width=0.28)
        label("hints", "", 0.03, -0.50, SMALL, (0.6, 0.85, 1, 1), wrap=37)
        label("title_caption", "Title", 0.03, -0.595, SMALL, dim)
        entry("title", 1.11)
        button("check", "Check answer", self.check, width=0.3)
        button("save", "Save lesson", self.save, width=0.26)
        label("status", "", 0.03, -0.655, SMALL, (0.75, 0.95, 0.75, 1), wrap=17.5)
        label("course_caption", "Course", 0.03, -0.77, SMALL, dim)
        entry("course", 0.62)
        button("chapter", "Add as chapter", self.add_chapter, width=0.4)
        record = self.ctl.session.record
        title = (record.scenario or {}).get("title") if record.kind == "lesson" else ""
        self.entries["title"].enterText(str(title or ""))  # a lesson edited keeps its title
        self.entries["course"].enterText(self.course_title)  # the course being built
        self.app.screen.request("lesson_panel", PANEL_W, PANEL_H, self._place, order=30)

    def _place(self, rect, _folded) -> None:
        """Where the layout put the panel (a short window cuts it: its foot is lost first)."""
        if not self.app.screen.put(self.frame, rect):
            return
        # a window too short for it: the panel drawn smaller to its room, never over a box
        self.frame.setScale(min(1.0, rect.h / self.app.screen.to_px(PANEL_H)))
        self.frame.show()

    def show_node(self) -> None:
        """Bring the fields in line with the cursor's ask (fields being typed in stay)."""
        if self.frame is None:
            return
        node = self.ctl.session.node
        self._shown_for = (node, repr(node.ask))
        author = self.author()
        ask = node.ask or {}
        accept = ask.get("accept") or {}
        if node.ask:
            words = author.house.accept_words(node.state, accept)
            self._fit("here", f"Asks here. {words}", HERE_ROWS)
            self.buttons["mark"]["text"] = "Not your turn"
        else:
            self._fit("here", "This position does not ask." if node.variations else
                      "Play the right move from here, then come back.", HERE_ROWS)
            self.buttons["mark"]["text"] = "Your turn here"
        self._fill("question", ask.get("question", ""))
        field = THRESHOLD.get(accept.get("kind"))
        if field:
            self.labels["threshold_caption"]["text"] = field[1]
            self._fill("threshold", f"{accept.get(field[0], '')}")
            self.entries["threshold"].show()
        else:
            self.labels["threshold_caption"]["text"] = ""
            self.entries["threshold"].hide()
        if "outcome" in accept:
            self.buttons["outcome"]["text"] = f"Outcome: {accept['outcome']}"
            self.buttons["outcome"].show()
        else:
            self.buttons["outcome"].hide()
        hints = ask.get("hints") or []
        self._fit("hints", "  ".join(f"{i + 1}. {h}" for i, h in enumerate(hints)), HINT_ROWS)
        # a verdict belongs to its position of its file: another file or node shows none
        self._fit("status", self.check_words if self.checked_node is node else "", STATUS_ROWS)
        self.app.wake()

    def _fit(self, name: str, text: str, rows: int) -> None:
        """Show `text` in the label `name` in at most `rows` wrapped rows, cut at a word with an
        ellipsis past them (the rows below belong to other controls; whatever is cut is on the
        message line or in the record)."""
        label = self.labels[name]
        label["text"] = text
        node = label.component("text0").textNode
        words = text.split(" ")
        while node.getNumRows() > rows and len(words) > 1:
            words.pop()
            label["text"] = " ".join(words).rstrip(" .,;:") + "\u2026"

    def _fill(self, name: str, text: str) -> None:
        e = self.entries[name]
        if not e.guiItem.getFocus() and e.get() != text:
            e.enterText(text)

    def _frame(self, task):
        if self.frame is not None:
            node = self.ctl.session.node
            if self._shown_for != (node, repr(node.ask)):
                self.check_words = "" if self._shown_for and self._shown_for[0] is not node \
                    else self.check_words
                self.show_node()
        return task.cont

    # --- typing -----------------------------------------------------------------------------------
    def typing(self) -> bool:
        return self.frame is not None and any(e.guiItem.getFocus() for e in self.entries.values())

    def unfocus(self) -> None:
        for name, e in self.entries.items():
            if e.guiItem.getFocus():
                e["focus"] = 0
                self._done(name)

    def _enter(self, text: str, name: str) -> None:
        from viewer.keyfocus import frame_count

        self.app.keys_taken_frame = frame_count()  # the keys of this frame were the field's
        self._done(name)
        self.entries[name]["focus"] = 1 if name == "hint" else 0

    def _done(self, name: str) -> None:
        e = self.entries.get(name)
        author = self.author()
        if e is None or author is None:
            return
        text = e.get()
        node = self.ctl.session.node
        problem = None
        if name == "hint":
            if text.strip():
                problem = author.add_hint(text)
                if problem is None:
                    e.enterText("")
        elif name == "question":
            if node.ask and text.strip() != (node.ask.get("question") or ""):
                problem = author.change(question=text)
        elif name == "threshold":
            field = THRESHOLD.get(((node.ask or {}).get("accept") or {}).get("kind"))
            if field and text.strip():
                try:
                    value = float(text)
                except ValueError:
                    problem = f"{field[1]}: type a number such as 0.5"
                else:
                    if value != node.ask["accept"].get(field[0]):
                        problem = author.change(**{field[0]: value})
        if problem:
            self.ctl.say(problem)
        self.show_node()

    # --- buttons ----------------------------------------------------------------------------------
    def toggle_mark(self) -> None:
        author = self.author()
        node = self.ctl.session.node
        if node.ask:
            author.unmark(node)
            self.ctl.say("This position no longer asks (Ctrl+Z brings it back)")
        else:
            question = self.entries["question"].get() if self.entries else ""
            problem = author.mark(node, question)
            self.ctl.say(problem or "Your turn here: the answer after it is hidden when the "
                                    "lesson is taken (Ctrl+Z takes it back)")
        self.check_words = ""
        self.show_node()

    def next_outcome(self) -> None:
        from analysis.lessons import house_for

        node = self.ctl.session.node
        accept = (node.ask or {}).get("accept") or {}
        words = getattr(house_for(self.ctl.session.game.name), "outcomes", None)
        if "outcome" not in accept or not words:
            return
        names = list(words)
        nxt = names[(names.index(accept["outcome"]) + 1) % len(names)] \
            if accept["outcome"] in names else names[0]
        problem = self.author().change(outcome=nxt)
        if problem:
            self.ctl.say(problem)
        self.show_node()

    def clear_hints(self) -> None:
        self.author().clear_hints()
        self.show_node()

    def check(self) -> None:
        """The house's verdict on the author's own answer here, found by a job of the
        window's job service (thread lane); its words are taken in on the frame thread."""
        author = self.author()
        node = self.ctl.session.node
        if not node.ask:
            self.ctl.say("Mark the position first")
            return
        if self.checking is not None:
            return
        self.check_words, self.checked_node = "Checking the answer...", node
        self.show_node()

        def run(job):
            try:
                verdict = author.check(node)
            except Exception as exc:  # noqa: BLE001 - said in the panel, never a traceback
                return f"The answer could not be checked: {exc}"
            return (f"The answer after it is accepted: {verdict.why}" if verdict.right else
                    f"The answer after it is NOT accepted: {verdict.why}")

        def checked(job):
            self.check_words = job.result
            self.ctl.say(job.result)  # whole on the message line, whatever the panel's rows cut
            self.checking = None
            self._shown_for = None  # show the words on the next frame
            self.app.wake()

        self.checking = self.app.jobs.submit("lesson author check", run, on_done=checked)

    def save(self) -> None:
        self.unfocus()
        record = self.ctl.session.record
        title = self.entries["title"].get().strip()
        if not title:
            self.ctl.say("Type the lesson's title first")
            return
        if not questions_of(record):
            self.ctl.say('Mark a position "your turn" first (on the main line)')
            return
        path = self.saved_path()
        if path is None and record.kind == "lesson" and self.ctl.path is not None:
            path = self.ctl.path  # a lesson opened and edited saves back to its file
        if path is None:
            path = free_path(lessons_dir() / f"{slugify(title)}.flick")
        try:
            self.saved_for = record
            self.saved = save_lesson(record, path, title,
                                     str((record.scenario or {}).get("description", "")))
        except (OSError, ValueError) as exc:
            self.ctl.say(f"Could not save: {exc}")
            return
        self.ctl.session.dirty = False
        n = len(questions_of(record))
        self.ctl.say(f"Saved the lesson {self.saved} ({n} question{'s' if n != 1 else ''})")

    def saved_path(self) -> Path | None:
        """Where the lesson of the record shown was saved from this panel; None for another
        record (one opened since is not written over the last one's file)."""
        return self.saved if self.saved_for is self.ctl.session.record else None

    # --- courses ----------------------------------------------------------------------------
    def add_chapter(self) -> None:
        """Add the record shown, as it is saved (the lesson saved here, or the file opened),
        as the next chapter of the user's course named in the Course field
        (`<own scenarios>/courses/<title>.course`, made on the first chapter), with a
        thumbnail of the board as the window shows it."""
        from scenarios.authoring import own_root
        from scenarios.catalogue import chapter_id
        from scenarios.courses import EXTENSION, Course, load_course, save_course
        from timeline.fileformat import RecordFileError, load_record

        self.unfocus()
        title = self.entries["course"].get().strip()
        if not title:
            self.ctl.say("Type the course's title first")
            return
        self.course_title = title
        source = self.saved_path() or self.ctl.path
        if source is None or self.ctl.session.dirty:
            self.ctl.say("Save it first (Ctrl+S, or Save lesson): a chapter is the file as saved")
            return
        try:
            record = load_record(source)
        except (RecordFileError, OSError) as exc:
            self.ctl.say(f"Could not read {Path(source).name}: {exc}")
            return
        path = own_root() / "courses" / f"{slugify(title)}{EXTENSION}"
        try:
            course = load_course(path) if path.exists() else Course(title)
        except (RecordFileError, OSError) as exc:
            self.ctl.say(f"Could not read the course {path}: {exc}")
            return
        headers = record.headers if isinstance(record.headers, dict) else {}
        name = str((record.scenario or {}).get("title") or headers.get("title")
                   or Path(source).name.split(".")[0])
        known = [i for i, c in enumerate(course.chapters, 1) if c.id == chapter_id(record)]
        if known:
            self.ctl.say(f"{name} is chapter {known[0]} of {course.title} already")
            return
        try:
            course.add(name, record, self._thumbnail())
            path.parent.mkdir(parents=True, exist_ok=True)
            save_course(course, path)
        except (OSError, ValueError) as exc:
            self.ctl.say(f"Could not add the chapter: {exc}")
            return
        self.ctl.say(f"Added chapter {len(course.chapters)}, {name}, to the course "
                     f"{course.title} ({path})")

    def _thumbnail(self) -> bytes | None:
        """The board as the window shows it (the view's part of the window, no panels), as a
        256x144 PNG; None where the window gives no picture."""
        from scenarios.courses import PNG_MAGIC

        try:
            from panda3d.core import PNMImage, StringStream

            tex = self.app.win.getScreenshot()
            if tex is None:
                return None
            shot = PNMImage()
            if not tex.store(shot):
                return None
            x0, y0, x1, y1 = (int(round(v)) for v in self.app.screen.probe()["free"])
            w, h = x1 - x0, y1 - y0
            if w < 16 or h < 9:
                return None
            crop = PNMImage(w, h)
            crop.copySubImage(shot, 0, 0, x0, y0, w, h)
            # the whole view in 256x144, the table's colour round it (a 16:9 cut of a tall
            # view lost the board's ends)
            k = min(256 / w, 144 / h)
            fw, fh = max(1, int(w * k)), max(1, int(h * k))
            fitted = PNMImage(fw, fh)
            fitted.gaussianFilterFrom(1.0, crop)
            small = PNMImage(256, 144)
            small.fill(*crop.getXel(0, 0))
            small.copySubImage(fitted, (256 - fw) // 2, (144 - fh) // 2, 0, 0, fw, fh)
            out = StringStream()
            if not small.write(out, "thumbnail.png"):
                return None
            data = bytes(out.getData())
            return data if data.startswith(PNG_MAGIC) else None
        except Exception:  # noqa: BLE001 - a chapter without a picture rather than none at all
            return None
