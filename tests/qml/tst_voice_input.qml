import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The composer's microphone over the real VoiceInput (tst_components.cpp: a stand-in microphone
// the test speaks into, and a loopback speech server): the button's states, the level meter and
// the privacy line, push-to-talk by mouse and by Ctrl+Space, hands-free with "send when I stop
// talking", and no microphone said in words.
TestCase {
    id: testCase

    name: "VoiceInput"
    when: windowShown
    visible: true
    width: 700
    height: 200

    SignalSpy {
        id: sentSpy
        signalName: "sent"
    }

    Component {
        id: composerComponent
        Composer { width: 680 }
    }

    function find(item, name) {
        const found = Util.findAll(item, k => k.objectName === name)
        return found.length > 0 ? found[0] : null
    }

    function cleanup() {
        VoiceInput.stop()
        VoiceInput.dismissProblem()
        voiceSupport.setHandsFree(false)
        voiceSupport.setSendWhenSilent(false)
        voiceSupport.setNoMicrophone(false)
        voiceSupport.setRealtime(false)
        voiceSupport.setLocalEngine(false)
        voiceSupport.answer("check disk usage on cube")
    }

    function test_pushToTalkByMouse() {
        const composer = createTemporaryObject(composerComponent, testCase)
        const mic = find(composer, "micButton")
        const meter = find(composer, "levelMeter")
        const status = find(composer, "voiceStatus")
        verify(mic && meter && status)
        const asked = voiceSupport.requests()
        compare(VoiceInput.state, "off")
        compare(mic.Accessible.name, "Microphone")
        verify(!status.visible)
        compare(mic.Accessible.description, "Hold to talk (Ctrl+Space)")

        mousePress(mic)
        compare(VoiceInput.state, "listening")
        verify(voiceSupport.microphoneOpen())
        compare(mic.Accessible.name, "Microphone on")
        verify(status.visible)
        verify(status.text.indexOf("server 127.0.0.1:") >= 0, status.text)  // where audio goes
        verify(meter.visible)
        compare(meter.width, 0)

        voiceSupport.silence(300)
        voiceSupport.speak(600)
        compare(VoiceInput.state, "hearing")
        verify(meter.width > mic.width / 2, "level meter " + meter.width)

        mouseRelease(mic)
        verify(!voiceSupport.microphoneOpen())
        verify(!meter.visible)
        tryCompare(composer, "text", "check disk usage on cube")
        compare(VoiceInput.state, "off")
        verify(!status.visible)
        compare(voiceSupport.requests(), asked + 1)
    }

    // The local engine recognizes while the user speaks: the words so far show above the
    // privacy line, and what was said lands in the box when the microphone is let go.
    function test_partialWordsShowWhileSpeaking() {
        voiceSupport.setLocalEngine(true)
        const composer = createTemporaryObject(composerComponent, testCase)
        const mic = find(composer, "micButton")
        const partial = find(composer, "voicePartial")
        verify(mic && partial)
        verify(!partial.visible)
        mousePress(mic)
        verify(voiceSupport.speakWords("check disk usage on cube"),
               "espeak-ng is missing: run scripts/setup")
        tryVerify(() => partial.visible, 30000, "no words while speaking")
        verify(VoiceInput.partial.length > 0)
        verify(partial.text.indexOf(VoiceInput.partial) > 0, partial.text)
        compare(partial.Accessible.name, "Heard so far: " + VoiceInput.partial)
        tryVerify(() => voiceSupport.wordsSaid(), 10000)
        mouseRelease(mic)
        verify(!partial.visible)
        tryVerify(() => composer.text.split(" ").length >= 2, 30000, "nothing in the box")
    }

    function test_pushToTalkByCtrlSpaceAddsToWhatIsTyped() {
        const composer = createTemporaryObject(composerComponent, testCase)
        composer.focusInput()
        composer.text = "then"
        keyPress(Qt.Key_Space, Qt.ControlModifier)
        compare(VoiceInput.state, "listening")
        keyPress(Qt.Key_Space, Qt.ControlModifier, -1)  // auto-repeat while held: nothing new
        voiceSupport.answer("restart nginx on web1")
        voiceSupport.speak(500)
        keyRelease(Qt.Key_Space, Qt.NoModifier)  // Ctrl may be let go first
        tryCompare(composer, "text", "then restart nginx on web1")
        compare(VoiceInput.state, "off")
    }

    function test_handsFreeSendsWhenTheSpeakerStops() {
        voiceSupport.setHandsFree(true)
        const composer = createTemporaryObject(composerComponent, testCase)
        const mic = find(composer, "micButton")
        const status = find(composer, "voiceStatus")
        compare(mic.Accessible.description, "Press to start listening, again to stop (Ctrl+Space)")
        voiceSupport.setSendWhenSilent(true)
        sentSpy.target = composer
        sentSpy.clear()
        mouseClick(mic)  // a click turns listening on
        compare(VoiceInput.state, "listening")
        verify(VoiceInput.handsFree)
        verify(status.text.indexOf("hands-free") >= 0, status.text)
        voiceSupport.answer("what is the load on db2")
        voiceSupport.silence(500)
        voiceSupport.speak(700)
        voiceSupport.silence(900)  // the end of the utterance
        // Sent, not left in the box; the microphone stays open for the next one.
        sentSpy.wait(5000)
        compare(sentSpy.count, 1)
        compare(composer.text, "")
        verify(VoiceInput.open)
        mouseClick(mic)  // and off again
        compare(VoiceInput.state, "off")
        verify(!voiceSupport.microphoneOpen())
    }

    // Jarvis speaking: the line says so; Escape stops the speech first (not the request), and
    // the microphone interrupts it (barge-in).
    function test_speechIsStoppedByEscapeAndByTheMicrophone() {
        const composer = createTemporaryObject(composerComponent, testCase)
        const status = find(composer, "voiceStatus")
        const stopButton = find(composer, "voiceDismiss")
        composer.focusInput()
        voiceSupport.say("Disk is fine on cube.")
        tryVerify(() => voiceSupport.speakerPlaying())
        verify(SpokenAnswers.speaking)
        verify(status.visible)
        verify(status.text.indexOf("speaking") >= 0, status.text)
        compare(stopButton.Accessible.name, "Stop speaking")
        keyClick(Qt.Key_Escape)
        verify(!SpokenAnswers.speaking)
        verify(!voiceSupport.speakerPlaying())
        verify(!status.visible)

        voiceSupport.say("Nginx restarted on web1.")
        tryVerify(() => voiceSupport.speakerPlaying())
        mousePress(find(composer, "micButton"))  // barge-in
        verify(!voiceSupport.speakerPlaying())
        verify(!SpokenAnswers.speaking)
        compare(VoiceInput.state, "listening")
        mouseRelease(find(composer, "micButton"))
    }

    function test_noMicrophoneIsSaid() {
        const composer = createTemporaryObject(composerComponent, testCase)
        const mic = find(composer, "micButton")
        const status = find(composer, "voiceStatus")
        voiceSupport.setNoMicrophone(true)
        mousePress(mic)
        mouseRelease(mic)
        compare(VoiceInput.state, "off")
        verify(status.visible)
        compare(status.text, "No microphone found. Connect one.")
        VoiceInput.dismissProblem()
        verify(!status.visible)
    }

    // Conversation: Realtime. The button starts the conversation and the privacy line names the
    // server; the answer plays as it comes and the line says Jarvis speaks; Escape stops it and
    // the conversation goes on listening; the button ends it.
    function test_realtimeConversation() {
        const composer = createTemporaryObject(composerComponent, testCase)
        const mic = find(composer, "micButton")
        const status = find(composer, "voiceStatus")
        composer.focusInput()
        voiceSupport.setRealtime(true)
        voiceSupport.realtimeTurn("tell me a story", "Once upon a time")
        mousePress(mic)
        mouseRelease(mic)
        verify(VoiceInput.open)
        verify(status.visible)
        tryCompare(VoiceInput, "state", "listening")
        verify(status.text.indexOf("(Realtime)") >= 0, status.text)
        verify(status.text.indexOf("hands-free") >= 0, status.text)
        voiceSupport.speak(400)
        voiceSupport.silence(600)
        tryVerify(() => voiceSupport.streamedChunks() > 0)
        compare(VoiceInput.state, "speaking")
        verify(status.text.indexOf("Jarvis is speaking") >= 0, status.text)
        keyClick(Qt.Key_Escape)
        compare(VoiceInput.state, "listening")
        verify(VoiceInput.open)
        tryVerify(() => voiceSupport.realtimeCancels() === 1)
        mousePress(mic)
        mouseRelease(mic)
        verify(!VoiceInput.open)
        verify(!voiceSupport.microphoneOpen())
        verify(!status.visible)
    }
}
