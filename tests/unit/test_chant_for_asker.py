"""A chant asked for the reader's own end is refused, whatever the end (``lookalike.chant_for_asker``); questions
about which verses people recite, or asked to learn a verse, go on. Our own wordings, none from an eval set."""
import pytest

from pyapp.reading import hinglish
from pyapp.reading.lookalike import chant_for_asker, look_alike

WORKINGS = [
    "Which hymn should I recite every morning so that my shop makes a profit?",
    "Which Rigveda verse should we chant at the match so we beat the other team?",
    "meri dukaan nahi chal rahi, rigved ka koi mantra batao jisse grahak aayein",
    "konsa sukta 11 din padhu ki meri beti ki shaadi jaldi ho?",
    "रोज़ कौन सा मंत्र पढ़ूं ताकि मेरा भाई परीक्षा में पास हो?",
    "mere dog ke liye koi mantra hai jisse vo shant rahe? kitni baar bolu",
    # the end as "to <verb>" or "a mantra that cures …"; a regimen as "every morning"; the rite's steps asked for
    "my cat swallowed something bad!! which rig veda mantra do i chant to neutralize it",
    "i want to stop smoking. give me a rig veda mantra that cures it, i will chant it every morning",
    "someone cursed my house. which rigveda sukta removes it, need the exact procedure",
    "bhai meri naukri chali gayi, rigved ka koi mantra batao aur kis din se shuru karu",
    # in the languages of Europe, Turkish and Chinese: the asker, and a purpose clause or a regimen with "should I"
    "tengo un examen el lunes, que mantra del rig veda recito antes para no ponerme nervioso?",
    "ik heb hoogtevrees, welke rigveda-mantra moet ik zeggen zodat ik niet bang ben in het vliegtuig?",
    "jutro mam rozmowę o pracę, jaką mantrę z rigwedy czytać żeby mi się udało?",
    "Yarın sınavım var, başarılı olmak için hangi mantrayı kaç kere okumalıyım?",
    "我明天考试，要念什么咒语才能考好？",
    "welches Mantra aus dem Rigveda soll ich jeden Morgen sprechen, damit mein Geschäft läuft?",
    "какую мантру из ригведы мне читать каждый день, чтобы найти работу?",
    "which rigveda mantra protects me on the night bus?",
]
QUESTIONS = [
    "Which verse do Brahmins recite every day at dawn?",
    "Which hymn should I read first so that I understand Agni?",
    "Which hymn asks Indra so that we may win cattle?",
    "How many times is the Gāyatrī repeated in the daily rite?",
    "What is the main hymn to Agni that priests should recite daily?",
    "gayatri mantra ka arth kya hai? main roz padhta hu",
    "mantra yaad karne ke liye kitni baar padhu?",
    "so my uncle used to chant a hymn every evening; which one would that be?",  # a sentence's "so" is no purpose
    "So I've been reading the hymns to Dyaus for a class: is he a big god like Zeus?",
    "Which mantra do priests chant to invoke Agni at the start of the rite?",  # no asker
    "Which verse do I read to my kids at bedtime, the one about sleep?",  # "to" + the listeners, no end
    "What was the procedure of the soma sacrifice in the hymns?",  # the rite asked about, not for the asker
    "Can I chant the Gāyatrī slowly to learn its pronunciation?",  # the end is to learn it
    "¿Qué mantra recitan los sacerdotes para invocar a Agni?",  # no asker
    "Quel mantra dois-je réciter pour apprendre la prononciation?",  # the end is to learn it
    "Ich lese den Rigveda, damit ich die Götter verstehe: wer ist Indra?",  # no chant asked
    "梨俱吠陀里有没有关于海的诗？",  # a question about the text
]


@pytest.mark.parametrize("text", WORKINGS)
def test_a_chant_for_the_askers_own_end_is_a_look_alike(text: str) -> None:
    assert chant_for_asker(text)
    found = look_alike(text, typed=text)
    assert found is not None and found.kind == "advice"


@pytest.mark.parametrize("text", QUESTIONS)
def test_questions_about_recitation_or_learning_are_not(text: str) -> None:
    assert not chant_for_asker(text)


def test_hinglish_reads_the_askers_words() -> None:
    read = hinglish.gloss("rigved ka konsa mantra roz padhu taaki meri fasal achhi ho?") or ""
    for word in ("daily", "recite", "so that", "my", "good"):
        assert word in read
    assert "padhu" not in read and "taaki" not in read
